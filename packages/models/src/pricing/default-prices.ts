import type { ModelPrice, PriceTable } from '@kodama/core/model';

/** Sonnet 4 and 4.5 are priced alike, long-prompt tier included. */
const SONNET_4: ModelPrice = {
  inputPerMTok: 3,
  cacheReadPerMTok: 0.3,
  cacheWritePerMTok: 3.75,
  outputPerMTok: 15,
  longPrompt: {
    aboveInputTokens: 200_000,
    price: { inputPerMTok: 6, cacheReadPerMTok: 0.6, cacheWritePerMTok: 7.5, outputPerMTok: 22.5 },
  },
};

/**
 * Standard (not batch, not priority) prices of a few common models, USD per
 * million tokens, checked on 2026-12-01 against stored copies of the
 * providers' pricing pages:
 * - OpenAI: platform.openai.com/docs/pricing (as transcribed on 2025-06-03 in
 *   the `openai_responses` 0.4.1 package; gpt-4o-mini from openai.com/api/pricing).
 *   OpenAI charges no premium for cache writes and does not report them.
 * - Anthropic: platform.claude.com/docs/en/docs/about-claude/pricing. Cache
 *   writes at the 5-minute rate (the default; kodama does not ask for 1-hour
 *   caching). Long-context rates for Sonnet 4 / 4.5 with the 1M window from the
 *   page's "long context pricing" table ($6 / $22.50), cache rates there by the
 *   page's multipliers (reads ×0.1, 5-minute writes ×1.25 of input).
 * - Google: ai.google.dev/gemini-api/docs/pricing, as quoted by deploybase.ai
 *   (March 2026). Context-cache prices left out (not confirmed): Gemini usage
 *   with cached tokens has no computed cost.
 * Prices change; a host that bills by them should pass its own table.
 */
export const DEFAULT_PRICES: PriceTable = Object.freeze({
  'openai:gpt-4.1': { inputPerMTok: 2, cacheReadPerMTok: 0.5, outputPerMTok: 8 },
  'openai:gpt-4.1-mini': { inputPerMTok: 0.4, cacheReadPerMTok: 0.1, outputPerMTok: 1.6 },
  'openai:gpt-4.1-nano': { inputPerMTok: 0.1, cacheReadPerMTok: 0.025, outputPerMTok: 0.4 },
  'openai:gpt-4o': { inputPerMTok: 2.5, cacheReadPerMTok: 1.25, outputPerMTok: 10 },
  // The first gpt-4o snapshot kept its launch price and has no cached-input rate.
  'openai:gpt-4o-2024-05-13': { inputPerMTok: 5, outputPerMTok: 15 },
  'openai:gpt-4o-mini': { inputPerMTok: 0.15, cacheReadPerMTok: 0.075, outputPerMTok: 0.6 },

  'anthropic:claude-opus-4-5': {
    inputPerMTok: 5,
    cacheReadPerMTok: 0.5,
    cacheWritePerMTok: 6.25,
    outputPerMTok: 25,
  },
  'anthropic:claude-opus-4-1': {
    inputPerMTok: 15,
    cacheReadPerMTok: 1.5,
    cacheWritePerMTok: 18.75,
    outputPerMTok: 75,
  },
  'anthropic:claude-sonnet-4-5': SONNET_4,
  'anthropic:claude-sonnet-4': SONNET_4,
  'anthropic:claude-haiku-4-5': {
    inputPerMTok: 1,
    cacheReadPerMTok: 0.1,
    cacheWritePerMTok: 1.25,
    outputPerMTok: 5,
  },
  'anthropic:claude-3-5-haiku': {
    inputPerMTok: 0.8,
    cacheReadPerMTok: 0.08,
    cacheWritePerMTok: 1,
    outputPerMTok: 4,
  },

  'google:gemini-2.5-pro': {
    inputPerMTok: 1.25,
    outputPerMTok: 10,
    longPrompt: { aboveInputTokens: 200_000, price: { inputPerMTok: 2.5, outputPerMTok: 15 } },
  },
  'google:gemini-2.5-flash': { inputPerMTok: 0.3, outputPerMTok: 2.5 },
});
