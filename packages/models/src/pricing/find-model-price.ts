import type { ModelPrice, PriceTable } from '@kodama/core/model';
import { DEFAULT_PRICES } from './default-prices.ts';

// `gpt-4o-2024-08-06` (OpenAI) and `claude-sonnet-4-5-20250929` (Anthropic) end in a snapshot date.
const SNAPSHOT_DATE = /-(?:\d{4}-\d{2}-\d{2}|\d{8})$/;

/**
 * The price of `provider:modelId` in `table` (default: the bundled
 * {@link DEFAULT_PRICES}): the exact key first; else, for a dated snapshot id,
 * its undated base (`gpt-4o-2024-08-06` → `gpt-4o`,
 * `claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`). A snapshot priced
 * differently from its base needs its own key, which the exact match finds
 * first. Nothing else is guessed: no prefix matching, no other provider's
 * price for the same model (OpenRouter and Azure bill differently).
 */
export function findModelPrice(
  provider: string,
  modelId: string,
  table: PriceTable = DEFAULT_PRICES,
): ModelPrice | undefined {
  const exact = `${provider}:${modelId}`;
  if (Object.hasOwn(table, exact)) return table[exact];
  const base = modelId.replace(SNAPSHOT_DATE, '');
  const undated = `${provider}:${base}`;
  return base !== modelId && Object.hasOwn(table, undated) ? table[undated] : undefined;
}
