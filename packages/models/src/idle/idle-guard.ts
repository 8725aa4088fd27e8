import { StreamIdleTimeoutError } from '../errors.ts';

/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** The abort reason the guard uses; never seen outside, {@link IdleGuard.error} replaces it. */
const IDLE_REASON = 'kodama: the model stream went idle';

/**
 * Watches one model request for silence and aborts it after `timeoutMs`
 * without data. Only time spent waiting on the network counts: the adapter
 * calls {@link waiting} before each read and {@link received} after it, so a
 * slow consumer (time spent at a `yield`) never trips it.
 *
 * Cost: per chunk a `performance.now()` and two field writes. There is one
 * timer per request, armed for the whole timeout and, when it fires early
 * (data came meanwhile), re-armed for what is left of the current wait; a timer
 * that fires while nothing is awaited is not re-armed until the next wait, so an
 * abandoned stream leaves no timer behind. {@link stop} clears it.
 */
export class IdleGuard {
  /** Pass to the request: aborts when the caller's signal does, and when the stream goes idle. */
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly caller: AbortSignal | undefined;
  private readonly timeoutMs: number;
  /** `performance.now()` when the current wait began; -1 while no wait is under way. */
  private since: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private fired = false;

  /**
   * Starts watching at once (the first wait is for the response headers).
   * A `timeoutMs` of `Infinity` watches nothing and only forwards the caller's abort.
   */
  constructor(caller: AbortSignal | undefined, timeoutMs: number) {
    this.caller = caller;
    this.timeoutMs = timeoutMs;
    this.signal = this.controller.signal;
    this.since = performance.now();
    if (caller?.aborted) this.controller.abort(caller.reason);
    else caller?.addEventListener('abort', this);
    if (Number.isFinite(timeoutMs)) this.arm(timeoutMs);
  }

  /** Whether the guard aborted the request because it went idle. */
  get timedOut(): boolean {
    return this.fired;
  }

  /** A wait for the network begins. */
  waiting(): void {
    this.since = performance.now();
    if (this.timer === undefined && !this.stopped && !this.fired && Number.isFinite(this.timeoutMs))
      this.arm(this.timeoutMs);
  }

  /** Data arrived; what the consumer does with it is not idle time. */
  received(): void {
    this.since = -1;
  }

  /**
   * What the request should throw for `error`: a {@link StreamIdleTimeoutError}
   * when the guard fired (and the caller did not abort meanwhile), else `error`.
   * `midAnswer` says whether a part already reached the caller.
   */
  error(error: unknown, midAnswer: boolean, provider: string): unknown {
    if (!this.fired || this.caller?.aborted) return error;
    return new StreamIdleTimeoutError({ provider, idleTimeoutMs: this.timeoutMs, midAnswer });
  }

  /** The request is over: clears the timer and lets go of the caller's signal. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.caller?.removeEventListener('abort', this);
  }

  /**
   * The caller's signal aborted: abort the request with the same reason. (The
   * guard is its own listener object, so no closure is made per request.)
   */
  handleEvent(): void {
    this.controller.abort(this.caller?.reason);
  }

  private arm(ms: number): void {
    this.timer = setTimeout(IdleGuard.onTimer, Math.min(ms, MAX_TIMER_MS), this);
  }

  /** The timer fired: abort when the current wait has lasted the whole timeout, else wait for the rest. */
  private static onTimer(guard: IdleGuard): void {
    guard.timer = undefined;
    if (guard.stopped || guard.since < 0) return;
    const idle = performance.now() - guard.since;
    if (idle < guard.timeoutMs) {
      guard.arm(guard.timeoutMs - idle);
      return;
    }
    guard.fired = true;
    guard.controller.abort(new DOMException(IDLE_REASON, 'TimeoutError'));
  }
}
