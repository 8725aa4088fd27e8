import { InvalidOptionError } from '../errors/invalid-option-error.ts';
import { canonicalArguments } from './canonical-arguments.ts';

/** Options of {@link ToolLoopGuard}. */
export interface ToolLoopGuardOptions {
  /** Identical calls in a row that earn a warning; one more is a loop. Default 3, at least 2. */
  readonly maxRepeats?: number;
}

/**
 * What to do with an observed call: `ok` run it; `warn` do not run it, answer
 * with {@link repeatWarning}; `stop` end the turn with {@link ToolLoopError}.
 */
export type ToolLoopVerdict = 'ok' | 'warn' | 'stop';

/** The verdict of one call of a batch, and the streak it completed (for the warning and the error). */
export interface BatchVerdict {
  readonly verdict: ToolLoopVerdict;
  readonly streak: number;
}

/** The part of a tool call the guard compares: the tool and its raw argument text. */
export interface ObservedToolCall {
  readonly name: string;
  readonly arguments: string;
}

/**
 * Notices a model calling the same tool with the same arguments again and
 * again (the loop observes each response's batch with `observeBatch`). Arguments are compared as JSON with sorted keys (raw text when they
 * do not parse). The `maxRepeats`-th identical call in a row is `warn`, every
 * further one `stop`; a different call starts a new streak, and `reset()`
 * forgets everything (a new turn).
 */
export class ToolLoopGuard {
  /** Identical calls in a row that earn a warning. */
  readonly maxRepeats: number;
  #lastKey: string | undefined;
  #streak = 0;

  /** Throws {@link InvalidOptionError} unless `maxRepeats` is an integer of 2 or more. */
  constructor(options: ToolLoopGuardOptions = {}) {
    const maxRepeats = options.maxRepeats ?? 3;
    // One call cannot repeat anything: 1 would warn on every first call.
    if (!Number.isInteger(maxRepeats) || maxRepeats < 2) {
      throw new InvalidOptionError('ToolLoopGuardOptions.maxRepeats', 'an integer of 2 or more', maxRepeats);
    }
    this.maxRepeats = maxRepeats;
  }

  /** How many identical calls in a row the last observation completed (0 before any). */
  get streak(): number {
    return this.#streak;
  }

  /** Records one call, in the order the model made them, and says what to do with it. */
  observe(call: ObservedToolCall): ToolLoopVerdict {
    const key = callKey(call);
    this.#streak = key === this.#lastKey ? this.#streak + 1 : 1;
    this.#lastKey = key;
    if (this.#streak < this.maxRepeats) return 'ok';
    return this.#streak === this.maxRepeats ? 'warn' : 'stop';
  }

  /**
   * Records the calls of one response's batch and says what to do with each.
   * Identical calls of one batch count once and share their verdict: the
   * model asked for them together, not again after reading a result. So a
   * `warn` always follows an earlier response whose identical call was
   * answered, and the warning's "results you already have" exist.
   */
  observeBatch(calls: readonly ObservedToolCall[]): BatchVerdict[] {
    const seen = new Map<string, BatchVerdict>();
    return calls.map((call) => {
      const key = callKey(call);
      let verdict = seen.get(key);
      if (!verdict) {
        verdict = { verdict: this.observe(call), streak: this.#streak };
        seen.set(key, verdict);
      }
      return verdict;
    });
  }

  /** Forgets every call observed so far. */
  reset(): void {
    this.#lastKey = undefined;
    this.#streak = 0;
  }
}

/** What makes two calls identical: the tool and its canonical arguments. */
function callKey(call: ObservedToolCall): string {
  return JSON.stringify([call.name, canonicalArguments(call.arguments)]);
}
