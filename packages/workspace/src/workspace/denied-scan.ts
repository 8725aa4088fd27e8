// A bounded walk of the workspace roots that finds what the credential
// denylist covers. Two users: the bubblewrap sandbox hides what it finds
// (bash could otherwise `cat .env` inside a mounted root), and `read`/`grep`
// compare a hard-linked file's inode with the denied files it finds.
import { type Dirent, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside } from './real-path.ts';
import type { Workspace } from './workspace.ts';

/** Directory entries looked at before the walk stops (the rest is not scanned). */
export const DENIED_SCAN_MAX_ENTRIES = 100_000;

/**
 * Directories whose contents the walk skips: dependency trees and git's own
 * store are large, written by tools rather than people, and hold no project
 * credentials by convention. Their names are still checked.
 */
export const DENIED_SCAN_SKIPPED_DIRS: readonly string[] = ['node_modules', '.git'];

/** Names the sandbox keeps read-only wherever they are (`.git` may be a worktree's file). */
const CONTROL_NAMES: readonly string[] = ['.git', '.kodama'];

/** What a scan found. */
export interface DeniedScan {
  /** Denied regular files outside denied directories (all denied files with `descendDenied`). */
  readonly files: readonly string[];
  /** Denied directories (everything under them is denied). */
  readonly directories: readonly string[];
  /**
   * Every `.git` and `.kodama` below the roots' top level (nested repositories,
   * submodules, worktrees): the sandbox mounts them read-only.
   */
  readonly controls: readonly string[];
  /** False when {@link DENIED_SCAN_MAX_ENTRIES} stopped the walk early. */
  readonly complete: boolean;
}

/** Options of {@link scanDenied}. */
export interface ScanDeniedOptions {
  /** Also walk into denied directories and list their files (for inode comparison). */
  readonly descendDenied?: boolean;
  /** Entry budget (default {@link DENIED_SCAN_MAX_ENTRIES}). */
  readonly maxEntries?: number;
}

/** The readable roots with nested ones dropped (walking the outer root covers them). */
function outermostRoots(workspace: Workspace): string[] {
  const roots = [...workspace.readableRoots].sort((a, b) => a.length - b.length);
  return roots.filter((r, i) => !roots.slice(0, i).some((outer) => isInside(r, outer)));
}

/**
 * Walks the readable roots breadth first (symlinks are not followed) and
 * collects denied files and directories, up to `maxEntries` entries.
 */
export async function scanDenied(workspace: Workspace, options: ScanDeniedOptions = {}): Promise<DeniedScan> {
  const budget = options.maxEntries ?? DENIED_SCAN_MAX_ENTRIES;
  const files: string[] = [];
  const directories: string[] = [];
  const controls: string[] = [];
  const queue: { dir: string; denied: boolean }[] = outermostRoots(workspace).map((dir) => ({
    dir,
    denied: false,
  }));
  const dirCache = new Map<string, string | undefined>();
  let seen = 0;
  for (let next = queue.shift(); next; next = queue.shift()) {
    let entries: Dirent[];
    try {
      entries = await readdir(next.dir, { withFileTypes: true });
    } catch {
      continue; // unreadable or vanished: nothing the tools could read there either
    }
    for (const entry of entries) {
      if (++seen > budget) return { files, directories, controls, complete: false };
      const path = join(next.dir, entry.name);
      if (CONTROL_NAMES.includes(entry.name) && !entry.isSymbolicLink()) controls.push(path);
      if (entry.isDirectory()) {
        const denied = next.denied || workspace.denylist.matchLast(entry.name) !== undefined;
        if (denied && !next.denied) directories.push(path);
        if (entry.name === '.git') files.push(...(await deniedGitConfigs(path, workspace)));
        if (DENIED_SCAN_SKIPPED_DIRS.includes(entry.name)) continue;
        if (!denied || options.descendDenied === true) queue.push({ dir: path, denied });
      } else if (entry.isFile()) {
        if (next.denied || workspace.denylist.deniedReason(path, dirCache) !== undefined) files.push(path);
      }
    }
  }
  return { files, directories, controls, complete: true };
}

/**
 * The walk skips `.git`, but its `config` (and each submodule's, under
 * `.git/modules/<name>/config`) can hold a remote URL with a token: those are
 * checked by content.
 */
async function deniedGitConfigs(gitDir: string, workspace: Workspace): Promise<string[]> {
  const candidates = [join(gitDir, 'config')];
  const modules = await readdir(join(gitDir, 'modules'), { withFileTypes: true }).catch(() => []);
  for (const m of modules) if (m.isDirectory()) candidates.push(join(gitDir, 'modules', m.name, 'config'));
  return candidates.filter((c) => {
    const info = statSync(c, { throwIfNoEntry: false });
    return info?.isFile() === true && workspace.denylist.deniedReason(c) !== undefined;
  });
}

/** `dev:ino` of every denied file in the roots that has more than one hard link. */
export async function deniedLinkedInodes(workspace: Workspace): Promise<Map<string, string>> {
  const { files } = await scanDenied(workspace, { descendDenied: true });
  const inodes = new Map<string, string>();
  await Promise.all(
    files.map(async (file) => {
      const info = await stat(file).catch(() => undefined);
      if (info && info.nlink > 1) inodes.set(`${info.dev}:${info.ino}`, file);
    }),
  );
  return inodes;
}

/**
 * The denied file in the roots that is the same inode as (`dev`, `ino`), or
 * undefined: a hard link gives a credential a second, innocent name.
 */
export async function deniedHardLinkTarget(
  workspace: Workspace,
  dev: number,
  ino: number,
): Promise<string | undefined> {
  return (await deniedLinkedInodes(workspace)).get(`${dev}:${ino}`);
}

/**
 * The paths among `paths` that are hard links to a denied file. Only files
 * with several links trigger the scan of the roots, so the usual case costs
 * one `stat` per path.
 */
export async function hardLinksToDenied(
  workspace: Workspace,
  paths: readonly string[],
): Promise<Set<string>> {
  const linked: { path: string; key: string }[] = [];
  // Synchronous stats in slices: far cheaper than thread-pool round trips for thousands of paths.
  for (let i = 0; i < paths.length; i++) {
    if (i > 0 && i % 2000 === 0) await new Promise((r) => setImmediate(r));
    const info = statSync(paths[i]!, { throwIfNoEntry: false });
    if (info && info.nlink > 1) linked.push({ path: paths[i]!, key: `${info.dev}:${info.ino}` });
  }
  if (linked.length === 0) return new Set();
  const denied = await deniedLinkedInodes(workspace);
  return new Set(linked.filter((l) => denied.has(l.key)).map((l) => l.path));
}
