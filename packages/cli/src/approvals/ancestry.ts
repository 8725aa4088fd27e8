import { readFileSync } from 'node:fs';

/** The parent of `pid` from /proc (undefined where there is no /proc or no such process). */
function parentOf(pid: number): number | undefined {
  try {
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last `)`.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when `ancestor` is this process or one of its ancestors: `kodama
 * approve` started by the session that asked (its agent's bash) must not
 * answer that session's question. A check in depth, not the boundary: a
 * process that detaches is adopted by init and loses its ancestry; the
 * sandbox, which does not show the inbox at all, is what holds.
 */
export function descendsFrom(ancestor: number, pid = process.pid): boolean {
  for (let p: number | undefined = pid, hops = 0; p !== undefined && hops < 256; p = parentOf(p), hops++)
    if (p === ancestor) return true;
  return false;
}
