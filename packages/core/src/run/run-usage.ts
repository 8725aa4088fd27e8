import type { TokensEvent } from '../events/events.ts';
import { costOf, priceIn } from '../model/cost-of.ts';
import type { ModelPrice, PriceTable } from '../model/model-price.ts';

/**
 * A `tokens` event, with the prices its model declares (`Model.capabilities.prices`)
 * when it declares any. (Widened here until `TokensEvent` itself carries `prices`.)
 */
export type PricedTokensEvent = TokensEvent & { readonly prices?: ModelPrice };

/**
 * What a Run spent: tokens summed over every model response of the Run (its
 * agent's, nested agents', the synthesizer's, responses discarded as
 * malformed) and what they cost. Unreported token counts add 0.
 */
export interface RunUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly reasoningTokens: number;
  /** `inputTokens + outputTokens`. */
  readonly totalTokens: number;
  /**
   * In USD, each response at its model's declared prices (or the Run's
   * `prices` table, which wins for the models it lists); `undefined` when any
   * response's price is unknown (never a guess).
   */
  readonly costUsd: number | undefined;
}

/**
 * Sums `tokens` events into a {@link RunUsage}. A response is priced by the
 * `prices` table's exact `provider:modelId` entry when it has one, else by the
 * prices the event's model declares; core holds no table of its own.
 */
export class UsageMeter {
  readonly #prices: PriceTable | undefined;
  #input = 0;
  #output = 0;
  #cacheRead = 0;
  #cacheWrite = 0;
  #reasoning = 0;
  #cost: number | undefined = 0;

  constructor(prices?: PriceTable) {
    this.#prices = prices;
  }

  /** Counts one model response. */
  add(event: PricedTokensEvent): void {
    const u = event.usage;
    this.#input += u.inputTokens ?? 0;
    this.#output += u.outputTokens ?? 0;
    this.#cacheRead += u.cacheReadTokens ?? 0;
    this.#cacheWrite += u.cacheWriteTokens ?? 0;
    this.#reasoning += u.reasoningTokens ?? 0;
    if (this.#cost === undefined) return;
    const billed = (u.inputTokens ?? 0) + (u.outputTokens ?? 0) > 0;
    const price = priceIn(this.#prices, event.provider, event.modelId) ?? event.prices;
    const cost = billed ? costOf(u, price) : 0;
    this.#cost = cost === undefined ? undefined : this.#cost + cost;
  }

  /** Adds what a finished child Run spent (its tokens were not counted here). */
  addUsage(usage: RunUsage): void {
    this.#input += usage.inputTokens;
    this.#output += usage.outputTokens;
    this.#cacheRead += usage.cacheReadTokens;
    this.#cacheWrite += usage.cacheWriteTokens;
    this.#reasoning += usage.reasoningTokens;
    if (this.#cost === undefined) return;
    this.#cost = usage.costUsd === undefined ? undefined : this.#cost + usage.costUsd;
  }

  /** The sum so far. */
  get usage(): RunUsage {
    return {
      inputTokens: this.#input,
      outputTokens: this.#output,
      cacheReadTokens: this.#cacheRead,
      cacheWriteTokens: this.#cacheWrite,
      reasoningTokens: this.#reasoning,
      totalTokens: this.#input + this.#output,
      costUsd: this.#cost,
    };
  }
}
