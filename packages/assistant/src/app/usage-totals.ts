import type { RunUsage, Usage } from '@kodama/core';
import type { TokensEvent } from '@kodama/core/events';

/**
 * The session's tokens and cost: the finished Runs' usage, plus the running
 * Run's `tokens` events until its own usage replaces them.
 */
export class UsageTotals {
  #input = 0;
  #output = 0;
  /** `null` until something is spent (no Run yet), `undefined` once a price is unknown. */
  #cost: number | undefined | null = null;
  #liveInput = 0;
  #liveOutput = 0;
  #context: number | undefined;

  get inputTokens(): number {
    return this.#input + this.#liveInput;
  }

  get outputTokens(): number {
    return this.#output + this.#liveOutput;
  }

  get costUsd(): number | undefined | null {
    return this.#cost;
  }

  /** Tokens in the context after the latest response of the main agent. */
  get contextTokens(): number | undefined {
    return this.#context;
  }

  /** A response of the running Run. */
  onTokens(event: TokensEvent): void {
    this.#liveInput += event.usage.inputTokens ?? 0;
    this.#liveOutput += event.usage.outputTokens ?? 0;
    const u = event.usage;
    if (event.agentId === '' && u.inputTokens !== undefined)
      this.#context = u.inputTokens + (u.outputTokens ?? 0);
  }

  /** The Run ended: its usage (nested agents included) replaces what its events said. */
  onRunEnd(usage: RunUsage | undefined): void {
    this.#liveInput = 0;
    this.#liveOutput = 0;
    if (!usage) return;
    this.#input += usage.inputTokens;
    this.#output += usage.outputTokens;
    this.#cost = added(this.#cost, usage.costUsd);
  }

  /** A request made outside a Run (`/compact`'s summary): its tokens, and its cost (undefined when unknown). */
  addRequest(usage: Usage, costUsd: number | undefined): void {
    this.#input += usage.inputTokens ?? 0;
    this.#output += usage.outputTokens ?? 0;
    this.#cost = added(this.#cost, costUsd);
  }

  /** A loaded or cleared conversation's context size. */
  setContext(tokens: number | undefined): void {
    this.#context = tokens;
  }
}

/** A total plus a cost: unknown stays unknown (a sum with an unknown price is not a price). */
function added(total: number | undefined | null, cost: number | undefined): number | undefined {
  return total === undefined || cost === undefined ? undefined : (total ?? 0) + cost;
}
