/**
 * What one model costs, in US dollars per million tokens. A cache price that
 * is absent is unknown: usage with such tokens has no computed cost.
 */
export interface ModelPrice {
  /** Uncached input tokens. */
  readonly inputPerMTok: number;
  /** Output tokens, reasoning tokens included. */
  readonly outputPerMTok: number;
  /** Input tokens read from the provider's prompt cache. */
  readonly cacheReadPerMTok?: number;
  /** Input tokens written to the provider's prompt cache. */
  readonly cacheWritePerMTok?: number;
  /** Different prices for every token of a request whose prompt is longer than a threshold. */
  readonly longPrompt?: LongPromptPrice;
}

/**
 * A long-prompt tier: when a request's input tokens (cached ones included)
 * exceed `aboveInputTokens`, all of that request's tokens cost `price`
 * (Gemini 2.5 Pro above 200k tokens, Claude Sonnet 4 / 4.5 with the 1M window).
 */
export interface LongPromptPrice {
  readonly aboveInputTokens: number;
  readonly price: Omit<ModelPrice, 'longPrompt'>;
}

/**
 * Prices keyed `provider:modelId`, e.g. `anthropic:claude-sonnet-4-5`. Core
 * matches the exact key only; `findModelPrice` in `@kodama/models` also finds
 * a dated snapshot's undated base.
 */
export type PriceTable = Readonly<Record<string, ModelPrice>>;
