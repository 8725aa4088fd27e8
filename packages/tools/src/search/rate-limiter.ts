import { EngineUnavailableError } from './search-engine.ts';

/** Options of {@link RateLimiter}. */
export interface RateLimiterOptions {
  /** Least time between the starts of two calls, in ms. */
  readonly minIntervalMs: number;
  /** After a call fails with a *blocked* {@link EngineUnavailableError}, ms during which calls fail at once. */
  readonly cooldownMs: number;
  /** Clock in epoch ms; injectable so tests run instantly. */
  readonly now?: () => number;
  /** Waits `ms`; injectable so tests run instantly. */
  readonly sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Paces calls to one search provider: calls run one at a time, in arrival
 * order, at least `minIntervalMs` apart; after a block, calls within
 * `cooldownMs` are refused with {@link EngineUnavailableError} without running,
 * so the cascade moves on to another engine at once.
 */
export class RateLimiter {
  private readonly minIntervalMs: number;
  private readonly cooldownMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private lastStart = Number.NEGATIVE_INFINITY;
  private blockedUntil = Number.NEGATIVE_INFINITY;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: RateLimiterOptions) {
    this.minIntervalMs = options.minIntervalMs;
    this.cooldownMs = options.cooldownMs;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  /** Ms left in the current cooldown (0 when none). */
  cooldownRemaining(): number {
    return Math.max(0, this.blockedUntil - this.now());
  }

  /** Runs `task` under the limits; see the class comment. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(() => this.runNow(task));
    // The queue only orders calls; one failure must not poison the next.
    this.queue = result.catch(() => {});
    return result;
  }

  private async runNow<T>(task: () => Promise<T>): Promise<T> {
    const cooldown = this.cooldownRemaining();
    if (cooldown > 0) {
      throw new EngineUnavailableError(`cooling down after a block (${Math.ceil(cooldown / 1000)} s left)`, {
        blocked: true,
      });
    }
    const wait = this.lastStart + this.minIntervalMs - this.now();
    if (wait > 0) await this.sleep(wait);
    this.lastStart = this.now();
    try {
      return await task();
    } catch (error) {
      if (EngineUnavailableError.isInstance(error) && error.blocked)
        this.blockedUntil = this.now() + this.cooldownMs;
      throw error;
    }
  }
}
