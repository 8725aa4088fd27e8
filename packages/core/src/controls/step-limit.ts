import { KodamaError } from '../errors/kodama-error.ts';

/** What the agent does when the step budget runs out. */
export type OnExhausted = 'raise' | 'synthesize';

/**
 * The step budget ran out (policy `raise`). The conversation was repaired
 * before this reached the host, so it can be sent again ("continue").
 */
export class StepLimitExceeded extends KodamaError {
  /** The budget that was exhausted. */
  readonly maxSteps: number;

  constructor(maxSteps: number) {
    super(`step limit of ${maxSteps} tool calls exceeded`);
    this.maxSteps = maxSteps;
  }
}

/**
 * Caps the tool calls of one turn. Ticked before every tool call, reset at
 * every turn start (never on an injection). The policy sits on the budget, so
 * "synthesize without a budget" cannot be expressed.
 */
export class StepLimit {
  /** Tool calls allowed per turn. */
  readonly max: number;
  /** `raise`: `turn` rejects with {@link StepLimitExceeded}; `synthesize`: a tools-free request answers. */
  readonly onExhausted: OnExhausted;
  #step = 0;

  constructor(max: number, onExhausted: OnExhausted = 'raise') {
    if (!Number.isInteger(max) || max <= 0)
      throw new RangeError(`max must be a positive integer, got ${max}`);
    if (onExhausted !== 'raise' && onExhausted !== 'synthesize') {
      throw new RangeError(`onExhausted must be 'raise' or 'synthesize', got ${String(onExhausted)}`);
    }
    this.max = max;
    this.onExhausted = onExhausted;
  }

  /** Tool calls counted so far this turn. */
  get step(): number {
    return this.#step;
  }

  /** Counts one tool call; throws {@link StepLimitExceeded} when it is one too many. */
  tick(): void {
    if (this.#step >= this.max) throw new StepLimitExceeded(this.max);
    this.#step += 1;
  }

  /** Starts a fresh budget (the agent calls this at turn start). */
  reset(): void {
    this.#step = 0;
  }

  /** A fresh counter for a sub-agent, with its own maximum. */
  forSubAgent(maxSteps: number = this.max): StepLimit {
    return new StepLimit(maxSteps, this.onExhausted);
  }
}
