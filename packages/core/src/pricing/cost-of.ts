import type { Usage } from '../model/usage.ts';
import { DEFAULT_PRICES } from './default-prices.ts';
import { findModelPrice } from './find-model-price.ts';
import type { PriceTable } from './model-price.ts';

/**
 * What `usage` cost in US dollars on `provider:modelId` (found as
 * {@link findModelPrice} describes), or `undefined` when that cannot be known:
 * the model is not in `table`, the usage lacks input or output tokens, it has
 * cache reads or writes the price does not cover, or its cache tokens exceed
 * its input tokens. Never a guess.
 *
 * kodama's input tokens include cached ones, so cache reads are billed at the
 * cache-read price, cache writes at the cache-write price, and only the rest at
 * the input price. Output tokens already include reasoning tokens, which are
 * not added again. Unreported cache fields count as zero.
 */
export function costOf(
  usage: Usage,
  provider: string,
  modelId: string,
  table: PriceTable = DEFAULT_PRICES,
): number | undefined {
  const found = findModelPrice(provider, modelId, table);
  const { inputTokens, outputTokens } = usage;
  if (found === undefined || inputTokens === undefined || outputTokens === undefined) return undefined;
  const read = usage.cacheReadTokens ?? 0;
  const write = usage.cacheWriteTokens ?? 0;
  const uncached = inputTokens - read - write;
  if (uncached < 0) return undefined;
  const long = found.longPrompt;
  const price = long !== undefined && inputTokens > long.aboveInputTokens ? long.price : found;
  if (read > 0 && price.cacheReadPerMTok === undefined) return undefined;
  if (write > 0 && price.cacheWritePerMTok === undefined) return undefined;
  const dollars =
    uncached * price.inputPerMTok +
    read * (price.cacheReadPerMTok ?? 0) +
    write * (price.cacheWritePerMTok ?? 0) +
    outputTokens * price.outputPerMTok;
  return dollars / 1_000_000;
}
