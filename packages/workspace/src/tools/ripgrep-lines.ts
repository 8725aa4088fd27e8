import type { Workspace } from '../workspace/workspace.ts';

/** One record ripgrep printed with `--null`: the path, and what followed it on its line. */
export interface RipgrepRecord {
  readonly path: string;
  readonly rest: string;
}

/**
 * Splits `--null` output (`path\0rest\n`, or `path\0` records for file
 * lists) into records, keeping only paths the workspace lets the model read:
 * inside a readable root and not on the denylist. Sorted by path (stable,
 * so a file's lines keep their order), which lets ripgrep itself search in parallel.
 * For file lists, `keepPath` (if given) is applied before the workspace checks.
 */
export function ripgrepRecords(
  output: string,
  workspace: Workspace,
  fileList: boolean,
  keepPath?: (path: string) => boolean,
): RipgrepRecord[] {
  const records: RipgrepRecord[] = [];
  if (fileList) {
    // keepPath first: a cheap name test spares the denylist check for most of a long listing.
    for (const path of output.split('\0'))
      if (path && (!keepPath || keepPath(path))) records.push({ path, rest: '' });
  } else {
    for (const line of output.split('\n')) {
      const nul = line.indexOf('\0');
      if (nul > 0) records.push({ path: line.slice(0, nul), rest: line.slice(nul + 1) });
    }
  }
  const verdicts = new Map<string, boolean>();
  const dirCache = new Map<string, string | undefined>();
  const allowed = (path: string) => {
    let ok = verdicts.get(path);
    if (ok === undefined) {
      ok = workspace.allows(path, 'read') && workspace.denylist.deniedReason(path, dirCache) === undefined;
      verdicts.set(path, ok);
    }
    return ok;
  };
  return records
    .filter((r) => allowed(r.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
