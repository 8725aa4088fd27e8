import {
  type AgentEvent,
  type AssistantDeltaEvent,
  isDeltaEvent,
  type ReasoningDeltaEvent,
} from '../events/events.ts';
import type { Listener, SubAgentParams } from './listener.ts';

type DeltaEvent = ReasoningDeltaEvent | AssistantDeltaEvent;

/** The clock and timer a {@link RateLimited} uses; injectable so tests need no real time. */
export interface RateClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_CLOCK: RateClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A pending flush must not keep the process alive; the next non-delta event flushes anyway.
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Wraps a slow listener (a terminal, a websocket) so it sees delta events at
 * most `maxPerSecond` times a second: deltas arriving in between are
 * coalesced (adjacent ones of the same type and agent are concatenated).
 * Non-delta events are never dropped nor delayed; pending deltas are flushed
 * before any of them, so the order the inner listener sees stays the loop's order.
 */
export class RateLimited implements Listener {
  readonly #inner: Listener;
  readonly #interval: number;
  readonly #clock: RateClock;
  #pending: DeltaEvent[] = [];
  #lastFlush = Number.NEGATIVE_INFINITY;
  #timer: unknown;

  constructor(inner: Listener, options: { maxPerSecond: number; clock?: RateClock }) {
    if (!(options.maxPerSecond > 0))
      throw new RangeError(`maxPerSecond must be > 0, got ${options.maxPerSecond}`);
    this.#inner = inner;
    this.#interval = 1000 / options.maxPerSecond;
    this.#clock = options.clock ?? REAL_CLOCK;
  }

  /** `RateLimited(<inner name>)`. */
  get name(): string {
    return `RateLimited(${this.#inner.name ?? this.#inner.constructor.name})`;
  }

  /** Coalesces deltas; forwards everything else after flushing. */
  onEvent(event: AgentEvent): void {
    if (!isDeltaEvent(event)) {
      this.flush();
      this.#inner.onEvent(event);
      return;
    }
    const last = this.#pending.at(-1);
    if (last && last.type === event.type && last.agentId === event.agentId) {
      this.#pending[this.#pending.length - 1] = { ...last, text: last.text + event.text };
    } else {
      this.#pending.push(event);
    }
    const wait = this.#lastFlush + this.#interval - this.#clock.now();
    if (wait <= 0) this.flush();
    else this.#timer ??= this.#clock.setTimeout(() => this.flush(), wait);
  }

  /** Delivers pending deltas now. */
  flush(): void {
    if (this.#timer !== undefined) {
      this.#clock.clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#lastFlush = this.#clock.now();
    for (const e of batch) this.#inner.onEvent(e);
  }

  /** Rate-limits the inner listener's sub-agent view the same way. */
  forSubAgent(params: SubAgentParams): RateLimited | undefined {
    const inner = this.#inner.forSubAgent ? this.#inner.forSubAgent(params) : this.#inner;
    if (inner === undefined) return undefined;
    return new RateLimited(inner, { maxPerSecond: 1000 / this.#interval, clock: this.#clock });
  }
}
