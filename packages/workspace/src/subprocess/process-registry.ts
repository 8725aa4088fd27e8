/**
 * Process groups started through the chokepoint that may still be running:
 * a command's `&`-backgrounded children outlive the command itself. The owner
 * (a Workspace) kills them all on close. A value the caller owns, not a global.
 */
export class ProcessRegistry {
  readonly #groups = new Set<number>();

  /** Records a process group id (the leader's pid, as spawned with its own group). */
  add(pgid: number): void {
    this.#groups.add(pgid);
  }

  /** Forgets a group (it is known to be gone). */
  delete(pgid: number): void {
    this.#groups.delete(pgid);
  }

  /** Groups that still have at least one live member. */
  live(): number[] {
    for (const pgid of this.#groups) if (!groupAlive(pgid)) this.#groups.delete(pgid);
    return [...this.#groups];
  }

  /**
   * Kills every recorded group: SIGTERM, then SIGKILL for those still alive
   * after `graceMs`. Resolves when done; never throws.
   */
  async killAll(graceMs = 1000): Promise<void> {
    const groups = this.live();
    for (const pgid of groups) signalGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (groups.some(groupAlive) && Date.now() < deadline) await sleep(20);
    for (const pgid of groups) signalGroup(pgid, 'SIGKILL');
    this.#groups.clear();
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
