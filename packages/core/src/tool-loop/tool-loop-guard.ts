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

/** The part of a tool call the guard compares: the tool and its raw argument text. */
export interface ObservedToolCall {
  readonly name: string;
  readonly arguments: string;
}

/**
 * Notices a model calling the same tool with the same arguments again and
 * again. Arguments are compared as JSON with sorted keys (raw text when they
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
    const key = JSON.stringify([call.name, canonicalArguments(call.arguments)]);
    this.#streak = key === this.#lastKey ? this.#streak + 1 : 1;
    this.#lastKey = key;
    if (this.#streak < this.maxRepeats) return 'ok';
    return this.#streak === this.maxRepeats ? 'warn' : 'stop';
  }

  /** Forgets every call observed so far. */
  reset(): void {
    this.#lastKey = undefined;
    this.#streak = 0;
  }
}
