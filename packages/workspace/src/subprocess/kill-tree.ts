// Ending a process group and whatever it started, with signals (SIGTERM,
// then SIGKILL), and asking whether a group or pid is still there.
import { processTree } from './process-tree.ts';

/**
 * Kills a process group and every descendant found in /proc (also those that
 * moved to their own group or session): SIGTERM first, then, once all are
 * gone or `graceMs` has passed, SIGKILL to the group and to every process
 * seen in either snapshot, so a child that ignores SIGTERM dies even when
 * the leader has already exited. Resolves after the SIGKILL was sent.
 */
export async function killTree(pgid: number, graceMs: number): Promise<void> {
  const seen = new Set(processTree(pgid));
  signalGroup(pgid, 'SIGTERM');
  for (const pid of seen) signalPid(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && (groupAlive(pgid) || [...seen].some(pidAlive))) await sleep(20);
  for (const pid of processTree(pgid)) seen.add(pid);
  signalGroup(pgid, 'SIGKILL');
  for (const pid of seen) signalPid(pid, 'SIGKILL');
}

function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // ESRCH: already gone.
  }
}

/** True while the pid exists (a zombie counts: its parent has not reaped it yet). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends a signal to a whole process group; a group that is already gone is not an error. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}

/** True while any process of the group exists (zombies count until reaped). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
