import { chmod, lstat, mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { diffStat, unifiedDiff } from '../render/diff.ts';
import {
  atomicWrite,
  type FileBefore,
  type FileCheckpoints,
  type TurnCheckpoint,
} from './file-checkpoints.ts';

/** One file a restore changes. */
export interface RestoreStep {
  readonly path: string;
  /** The path as shown: relative to the project root when inside it. */
  readonly shown: string;
  readonly before: FileBefore;
  /** What the restore does, in a few words: `restore (+2 -1)`, `delete (created by the agent)`. */
  readonly summary: string;
  /** A unified diff from the file as it is now to the restored text; '' when either side is not text. */
  readonly diff: string;
}

/** What a restore will do: the files it changes and those it cannot put back. */
export interface RestorePlan {
  readonly steps: readonly RestoreStep[];
  /** Files that cannot be restored, with why. */
  readonly skipped: readonly string[];
}

function isText(bytes: Buffer | undefined): boolean {
  return bytes !== undefined && !bytes.subarray(0, 8000).includes(0);
}

async function current(path: string): Promise<Buffer | undefined> {
  const info = await lstat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return readFile(path);
}

/**
 * What restoring the files of `turns` to how they were before the earliest
 * of them would change, file by file, compared with the disk as it is now
 * (so changes made since, by anyone, show in the preview). Files already as
 * they were are left out.
 */
export async function planRestore(
  checkpoints: FileCheckpoints,
  turns: readonly TurnCheckpoint[],
  root: string,
): Promise<RestorePlan> {
  const earliest = new Map<string, FileBefore>();
  for (const turn of [...turns].sort((a, b) => b.seq - a.seq))
    for (const f of turn.files) earliest.set(f.path, f.before);
  const steps: RestoreStep[] = [];
  const skipped: string[] = [];
  for (const [path, before] of [...earliest].sort(([a], [b]) => a.localeCompare(b))) {
    const rel = relative(root, path);
    const shown = rel.startsWith('..') ? path : rel;
    if (before.kind === 'unrestorable') {
      skipped.push(`${shown}: ${before.reason}`);
      continue;
    }
    const now = await current(path);
    const then = await checkpoints.contents(before);
    if (before.kind === 'absent') {
      if (now === undefined) continue;
      const diff = isText(now) ? unifiedDiff(now.toString('utf8'), '') : '';
      steps.push({ path, shown, before, summary: 'delete (the agent created it)', diff });
      continue;
    }
    if (then && now?.equals(then)) continue;
    const diff =
      isText(then) && (now === undefined || isText(now))
        ? unifiedDiff(now?.toString('utf8'), then?.toString('utf8') ?? '')
        : '';
    const { added, removed } = diffStat(diff);
    const summary =
      now === undefined ? 'recreate' : diff ? `restore (+${added} -${removed})` : 'restore (binary)';
    steps.push({ path, shown, before, summary, diff });
  }
  return { steps, skipped };
}

/** The preview of a plan: one `--- path: summary` header per file, then its diff. */
export function describePlan(plan: RestorePlan): string {
  const parts: string[] = [];
  for (const s of plan.steps) parts.push(`@@ ${s.shown}: ${s.summary}${s.diff ? `\n${s.diff}` : ''}`);
  for (const s of plan.skipped) parts.push(`@@ ${s} (left as it is)`);
  return parts.join('\n');
}

/** Carries out a plan: writes the saved bytes back (atomically, with their mode), deletes files that did not exist. */
export async function applyRestore(checkpoints: FileCheckpoints, plan: RestorePlan): Promise<void> {
  for (const step of plan.steps) {
    if (step.before.kind === 'absent') {
      await rm(step.path, { force: true });
    } else if (step.before.kind === 'file') {
      const bytes = await checkpoints.contents(step.before);
      if (!bytes) continue;
      await mkdir(dirname(step.path), { recursive: true });
      await atomicWrite(step.path, bytes, step.before.mode);
      await chmod(step.path, step.before.mode);
    }
  }
}
