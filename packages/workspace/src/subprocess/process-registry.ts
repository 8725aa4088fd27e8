import { groupAlive, killTree } from './kill-tree.ts';
import { startWatchdog, type Watchdog } from './watchdog.ts';

/** Options of a {@link ProcessRegistry}. */
export interface ProcessRegistryOptions {
  /**
   * Whether the recorded groups die with this process even when it is killed
   * with SIGKILL (a watchdog holds a pipe from it; see watchdog.ts). Default
   * true; false leaves them to {@link ProcessRegistry.killAll} alone.
   */
  readonly watchdog?: boolean;
}

/**
 * Process groups started through the chokepoint that may still be running:
 * a command's `&`-backgrounded children outlive the command itself. The owner
 * (a Workspace) kills them all on close, and a watchdog kills them if this
 * process dies first, however it dies. A value the caller owns, not a global.
 */
export class ProcessRegistry {
  readonly #groups = new Set<number>();
  readonly #watchdog: Watchdog | undefined;

  constructor(options: ProcessRegistryOptions = {}) {
    this.#watchdog = options.watchdog === false ? undefined : startWatchdog();
  }

  /** Records a process group id (the leader's pid, as spawned with its own group). */
  add(pgid: number): void {
    // Groups that ended meanwhile are forgotten first: their ids may be reused.
    this.live();
    this.#groups.add(pgid);
    this.#watchdog?.watch(pgid);
  }

  /** Forgets a group (it is known to be gone). */
  delete(pgid: number): void {
    this.#groups.delete(pgid);
    this.#watchdog?.unwatch(pgid);
  }

  /** Groups that still have at least one live member. */
  live(): number[] {
    for (const pgid of this.#groups) if (!groupAlive(pgid)) this.delete(pgid);
    return [...this.#groups];
  }

  /** The watchdog's pid while it runs (it starts with the first group), for tests and diagnostics. */
  get watchdogPid(): number | undefined {
    return this.#watchdog?.pid;
  }

  /**
   * Kills every recorded group and the descendants that left it: SIGTERM,
   * then SIGKILL after `graceMs` whatever happened meanwhile. Resolves when
   * done; never throws. The watchdog ends once nothing is left to watch.
   */
  async killAll(graceMs = 1000): Promise<void> {
    const groups = this.live();
    this.#groups.clear();
    await Promise.all(groups.map((pgid) => killTree(pgid, graceMs)));
    for (const pgid of groups) this.#watchdog?.unwatch(pgid);
    if (this.#groups.size === 0) this.#watchdog?.idle();
  }
}
