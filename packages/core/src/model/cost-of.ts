import type { ModelPrice, PriceTable } from './model-price.ts';
import type { Usage } from './usage.ts';

/**
 * What `usage` cost in US dollars at `price` (a model's declared
 * `capabilities.prices`, or an entry of a host's own table), or `undefined`
 * when that cannot be known: no price, the usage lacks input or output
 * tokens, it has cache reads or writes the price does not cover, or its cache
 * tokens exceed its input tokens. Never a guess.
 *
 * kodama's input tokens include cached ones, so cache reads are billed at the
 * cache-read price, cache writes at the cache-write price, and only the rest at
 * the input price. Output tokens already include reasoning tokens, which are
 * not added again. Unreported cache fields count as zero.
 */
export function costOf(usage: Usage, price: ModelPrice | undefined): number | undefined;
/**
 * The cost at `table`'s exact `provider:modelId` entry (no table: unknown).
 *
 * @deprecated Pass the model's prices: `costOf(usage, model.capabilities?.prices)`.
 * The bundled table moved to `@kodama/models` (`DEFAULT_PRICES`, `findModelPrice`).
 */
export function costOf(
  usage: Usage,
  provider: string,
  modelId: string,
  table?: PriceTable,
): number | undefined;
export function costOf(
  usage: Usage,
  priceOrProvider: ModelPrice | string | undefined,
  modelId?: string,
  table?: PriceTable,
): number | undefined {
  const found =
    typeof priceOrProvider === 'string' ? priceIn(table, priceOrProvider, modelId ?? '') : priceOrProvider;
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

/**
 * The entry of `table` keyed exactly `provider:modelId` (own keys only, so
 * `constructor` is no model), or `undefined`.
 */
export function priceIn(
  table: PriceTable | undefined,
  provider: string,
  modelId: string,
): ModelPrice | undefined {
  const key = `${provider}:${modelId}`;
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}
