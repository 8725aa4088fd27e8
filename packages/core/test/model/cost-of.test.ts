// Core's costOf is arithmetic on the prices it is handed (a model's declared
// capabilities.prices); the UsageMeter prices each response by the Run's table
// entry or the prices the response's model declared. No table lives in core.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { costOf } from '../../src/model/cost-of.ts';
import { type ModelCapabilities, modelCapabilities } from '../../src/model/model-capabilities.ts';
import type { ModelPrice } from '../../src/model/model-price.ts';
import { EMPTY_USAGE, type Usage } from '../../src/model/usage.ts';
import { UsageMeter } from '../../src/run/run-usage.ts';

const usage = (fields: Partial<Usage>): Usage => ({ ...EMPTY_USAGE, ...fields });
const PRICE: ModelPrice = { inputPerMTok: 2, cacheReadPerMTok: 0.5, outputPerMTok: 8 };

function tokens(u: Usage, provider: string, modelId: string, prices?: ModelPrice) {
  return {
    type: 'tokens',
    agentId: 'a',
    turnId: 't',
    usage: u,
    provider,
    modelId,
    stopReason: 'stop',
    prices,
  } as const;
}

describe('costOf', () => {
  test('prices the usage it is given: cached input at the cache price, reasoning inside output', () => {
    // 6,000 × 2 + 4,000 × 0.5 + 1,000 × 8 = 22,000 → $0.022
    const u = usage({
      inputTokens: 10_000,
      cacheReadTokens: 4_000,
      outputTokens: 1_000,
      reasoningTokens: 900,
    });
    assert.equal(costOf(u, PRICE), 0.022);
  });

  test('no price, or usage it cannot price, is unknown', () => {
    assert.equal(costOf(usage({ inputTokens: 1, outputTokens: 1 }), undefined), undefined);
    assert.equal(costOf(usage({ inputTokens: 10, cacheWriteTokens: 5, outputTokens: 1 }), PRICE), undefined);
  });

  test('the deprecated provider/model form reads only the exact key of the table it is given', () => {
    const u = usage({ inputTokens: 1_000_000, outputTokens: 0 });
    assert.equal(costOf(u, 'p', 'm', { 'p:m': PRICE }), 2);
    assert.equal(costOf(u, 'p', 'm-2025-01-01', { 'p:m': PRICE }), undefined);
    assert.equal(costOf(u, 'openai', 'gpt-4o'), undefined, 'core bundles no prices');
  });
});

describe('UsageMeter', () => {
  const u = usage({ inputTokens: 1_000_000, outputTokens: 1_000_000 });

  test("a response is priced at its model's declared prices", () => {
    const meter = new UsageMeter();
    meter.add(tokens(u, 'openai', 'gpt-4o', PRICE));
    assert.equal(meter.usage.costUsd, 10);
  });

  test("the Run's table wins for the models it lists; a model in neither makes the cost unknown", () => {
    const meter = new UsageMeter({ 'openai:gpt-4o': { inputPerMTok: 1, outputPerMTok: 1 } });
    meter.add(tokens(u, 'openai', 'gpt-4o', PRICE));
    assert.equal(meter.usage.costUsd, 2);
    meter.add(tokens(u, 'other', 'x', PRICE));
    assert.equal(meter.usage.costUsd, 12);
    meter.add(tokens(u, 'openai', 'gpt-4o-mini'));
    assert.equal(meter.usage.costUsd, undefined);
  });
});

describe('modelCapabilities', () => {
  test('reads capabilities, and the older supportsJsonSchema when they do not say', () => {
    const caps: ModelCapabilities = { imageInput: true };
    assert.deepEqual(modelCapabilities({ capabilities: caps }), { imageInput: true });
    assert.deepEqual(modelCapabilities({ supportsJsonSchema: true }), { jsonSchema: true });
    assert.deepEqual(modelCapabilities({ capabilities: { jsonSchema: false }, supportsJsonSchema: true }), {
      jsonSchema: false,
    });
    assert.deepEqual(modelCapabilities({}), {}, 'nothing declared: every fact unknown');
  });
});
