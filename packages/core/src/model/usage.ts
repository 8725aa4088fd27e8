/**
 * Token usage of one model response, normalized across providers. A field is
 * `undefined` when the provider did not report it (never a guessed 0).
 */
export interface Usage {
  /** Prompt tokens, including cached ones. */
  readonly inputTokens: number | undefined;
  /** Completion tokens, including reasoning tokens. */
  readonly outputTokens: number | undefined;
  /** Prompt tokens served from the provider's cache. */
  readonly cacheReadTokens: number | undefined;
  /** Prompt tokens written to the provider's cache. */
  readonly cacheWriteTokens: number | undefined;
  /** Completion tokens spent on reasoning. */
  readonly reasoningTokens: number | undefined;
}

/** Usage with nothing reported (every field `undefined`). */
export const EMPTY_USAGE: Usage = Object.freeze({
  inputTokens: undefined,
  outputTokens: undefined,
  cacheReadTokens: undefined,
  cacheWriteTokens: undefined,
  reasoningTokens: undefined,
});

/**
 * How many tokens a conversation holds after the response that reported
 * `usage`: the prompt it read plus what it wrote; `undefined` when the prompt
 * size was not reported.
 */
export function contextSize(usage: Usage | undefined): number | undefined {
  return usage?.inputTokens === undefined ? undefined : usage.inputTokens + (usage.outputTokens ?? 0);
}
