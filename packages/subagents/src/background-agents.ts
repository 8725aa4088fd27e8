// The sub-agents running in the background (the `agent` tool with
// `background: true`), as one table per main agent: every level of nested
// sub-agents shares it, so the limit counts them all and a host lists them
// all (the assistant's `/tasks` and its status-line count), beside the
// background commands.

/** Where a background sub-agent is. */
export type BackgroundAgentStatus =
  | { readonly state: 'running' }
  /** It answered (or failed: `failed`); the answer went to the model. */
  | { readonly state: 'done' }
  | { readonly state: 'failed'; readonly message: string }
  /** Ended before it answered: by a person (`kill`) or because its agent closed (`closed`). */
  | { readonly state: 'killed'; readonly reason: 'kill' | 'closed' };

/** One background sub-agent as a list shows it. */
export interface BackgroundAgentInfo {
  /** Short id (`agent-1`), what `kill` takes. */
  readonly id: string;
  /** The sub-agent's own id, as its answer names it (`researcher 0`). */
  readonly agentId: string;
  readonly persona: string;
  /** The task it was given. */
  readonly task: string;
  /** When it started and ended, in ms since the epoch. */
  readonly startedAt: number;
  readonly endedAt: number | undefined;
  readonly status: BackgroundAgentStatus;
}

interface Entry {
  info: BackgroundAgentInfo;
  readonly stop: AbortController;
  /** Resolves once it has ended, however. */
  readonly ended: Promise<void>;
  readonly markEnded: () => void;
}

/** A started entry: the signal its run gets, and how to record its end. */
export interface BackgroundAgentRun {
  readonly id: string;
  readonly signal: AbortSignal;
  /** Records how it ended (first call wins); a kill recorded first stays a kill. */
  finish(status: Exclude<BackgroundAgentStatus, { state: 'running' }>): void;
  /** Whether a person ended it (its agent closing is not that). */
  readonly killedByPerson: boolean;
}

/** Finished entries kept for `/tasks`; the oldest is forgotten beyond it. */
export const BACKGROUND_AGENTS_KEPT = 50;

/**
 * The background sub-agents of one main agent and its nested ones: at most
 * `max` running at once. A value the extension owns, never a global.
 */
export class BackgroundAgents {
  readonly max: number;
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  #next = 1;

  constructor(max: number) {
    this.max = max;
  }

  /** How many are running. */
  get running(): number {
    return this.list().filter((a) => a.status.state === 'running').length;
  }

  /** Every known one, oldest first. */
  list(): BackgroundAgentInfo[] {
    return [...this.#entries.values()].map((e) => e.info);
  }

  /** One's entry; undefined for an unknown id. */
  info(id: string): BackgroundAgentInfo | undefined {
    return this.#entries.get(id)?.info;
  }

  /** Records a new one; undefined when `max` are running already (the caller says so to the model). */
  start(agentId: string, persona: string, task: string): BackgroundAgentRun | undefined {
    if (this.running >= this.max) return undefined;
    const id = `agent-${this.#next++}`;
    const stop = new AbortController();
    let markEnded = () => {};
    const ended = new Promise<void>((resolve) => {
      markEnded = resolve;
    });
    const entry: Entry = {
      info: {
        id,
        agentId,
        persona,
        task,
        startedAt: Date.now(),
        endedAt: undefined,
        status: { state: 'running' },
      },
      stop,
      ended,
      markEnded,
    };
    this.#entries.set(id, entry);
    this.#forgetOld();
    this.#changed();
    return {
      id,
      signal: stop.signal,
      get killedByPerson() {
        const { status } = entry.info;
        return status.state === 'killed' && status.reason === 'kill';
      },
      finish: (status) => this.#end(entry, status),
    };
  }

  /**
   * Ends a running one (its run is aborted) and resolves with its entry once
   * its run has settled; one that already ended is left as it is. Undefined
   * for an unknown id.
   */
  async kill(id: string, reason: 'kill' | 'closed' = 'kill'): Promise<BackgroundAgentInfo | undefined> {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.info.status.state === 'running') {
      this.#end(entry, { state: 'killed', reason }, false);
      entry.stop.abort();
      await entry.ended;
    }
    return entry.info;
  }

  /** Ends every running one (their agent closed); resolves once their runs have settled. */
  async closeAll(): Promise<void> {
    const running = this.list().filter((a) => a.status.state === 'running');
    await Promise.all(running.map((a) => this.kill(a.id, 'closed')));
  }

  /** Calls `listener` whenever one starts or ends; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // `settled` false: the status is known (a kill) but the run has not returned yet.
  #end(entry: Entry, status: Exclude<BackgroundAgentStatus, { state: 'running' }>, settled = true): void {
    if (entry.info.status.state === 'running') {
      entry.info = { ...entry.info, status, endedAt: Date.now() };
      this.#changed();
    }
    if (settled) entry.markEnded();
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  #forgetOld(): void {
    const ended = [...this.#entries.values()].filter((e) => e.info.status.state !== 'running');
    for (const e of ended.slice(0, Math.max(0, ended.length - BACKGROUND_AGENTS_KEPT)))
      this.#entries.delete(e.info.id);
  }
}
