import type { ModelCapabilities } from '@kodama/core/model';
import { lookupKnownContextWindow } from '../context-window/known-context-windows.ts';
import { findModelPrice } from '../pricing/find-model-price.ts';
import { knownImageInput } from './known-image-input.ts';
import { knownReasoning } from './known-reasoning.ts';

/** What an adapter knows of its model before the bundled tables are read. */
export interface CapabilityFacts {
  readonly provider: string;
  readonly modelId: string;
  /** Whether the adapter sends a response format the provider honours. */
  readonly jsonSchema: boolean;
  /** An explicit context window (an option), which wins over the table. */
  readonly contextWindow?: number;
  /** Whether the bundled context-window table applies (hosted models; servers are probed instead). */
  readonly tableContextWindow: boolean;
}

/**
 * The capabilities an adapter declares: the bundled knowledge of the model
 * (image input and reasoning by family, the context-window table, the price
 * table) under the adapter's own facts, under what the caller declared
 * (`overrides`, field by field; an `undefined` field there changes nothing).
 * A fact nobody knows is left out: unknown.
 */
export function declaredCapabilities(
  facts: CapabilityFacts,
  overrides: ModelCapabilities = {},
): ModelCapabilities {
  const { provider, modelId } = facts;
  const known: ModelCapabilities = {
    imageInput: knownImageInput(provider, modelId),
    jsonSchema: facts.jsonSchema,
    reasoning: knownReasoning(modelId),
    contextWindow:
      facts.contextWindow ?? (facts.tableContextWindow ? lookupKnownContextWindow(modelId) : undefined),
    prices: findModelPrice(provider, modelId),
  };
  return definedOnly({ ...known, ...definedOnly(overrides) });
}

function definedOnly(caps: ModelCapabilities): ModelCapabilities {
  return Object.fromEntries(Object.entries(caps).filter(([, v]) => v !== undefined)) as ModelCapabilities;
}
