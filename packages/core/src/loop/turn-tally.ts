import type { StopReason } from '../model/stop-reason.ts';
import { contextSize, EMPTY_USAGE, type Usage } from '../model/usage.ts';

function add(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : a + b;
}

/** What a turn has spent so far: usage summed over its responses, and the last stop reason. */
export class TurnTally {
  #usage: Usage = EMPTY_USAGE;
  #stopReason: StopReason | undefined;
  #contextTokens: number | undefined;

  /** @param contextTokens The conversation's size when the turn starts, when known. */
  constructor(contextTokens?: number) {
    this.#contextTokens = contextTokens;
  }

  /** Counts one model response. */
  record(usage: Usage | undefined, stopReason: StopReason): void {
    this.#stopReason = stopReason;
    if (!usage) return;
    this.#contextTokens = contextSize(usage) ?? this.#contextTokens;
    const u = this.#usage;
    this.#usage = {
      inputTokens: add(u.inputTokens, usage.inputTokens),
      outputTokens: add(u.outputTokens, usage.outputTokens),
      cacheReadTokens: add(u.cacheReadTokens, usage.cacheReadTokens),
      cacheWriteTokens: add(u.cacheWriteTokens, usage.cacheWriteTokens),
      reasoningTokens: add(u.reasoningTokens, usage.reasoningTokens),
    };
  }

  /** Summed usage; a field is `undefined` when no response reported it. */
  get usage(): Usage {
    return this.#usage;
  }

  /** The conversation's size after the last response that reported it: its prompt plus what it wrote. */
  get contextTokens(): number | undefined {
    return this.#contextTokens;
  }

  /** The conversation changed shape (compacted): its size is unknown until the next response reports it. */
  forgetContext(): void {
    this.#contextTokens = undefined;
  }

  /** Why the last response ended; `undefined` before any response. */
  get stopReason(): StopReason | undefined {
    return this.#stopReason;
  }
}
