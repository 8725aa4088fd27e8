// The bundled prices, found by findModelPrice and applied by core's costOf, with
// hand-computed figures (the same as when the table lived in core): cached input
// at the cache price, the rest at the input price, reasoning inside output,
// long-prompt tiers, and no cost whenever one cannot be known.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Usage } from '@kodama/core';
import { costOf, type PriceTable } from '@kodama/core/model';
import { findModelPrice } from '@kodama/models';

/** What `usage` costs on `provider:modelId` at the bundled prices. */
const bundledCost = (u: Usage, provider: string, modelId: string) =>
  costOf(u, findModelPrice(provider, modelId));

function usage(fields: Partial<Usage>): Usage {
  return {
    inputTokens: undefined,
    outputTokens: undefined,
    cacheReadTokens: undefined,
    cacheWriteTokens: undefined,
    reasoningTokens: undefined,
    ...fields,
  };
}

function assertDollars(actual: number | undefined, expected: number): void {
  assert.ok(actual !== undefined, 'expected a cost');
  assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} is not ${expected}`);
}

describe('bundled prices', () => {
  test('gpt-4o: cached input at $1.25, the rest at $2.50, output at $10 per million', () => {
    // 6,000 × 2.50 + 4,000 × 1.25 + 1,000 × 10 = 15,000 + 5,000 + 10,000 → $0.03
    const u = usage({ inputTokens: 10_000, cacheReadTokens: 4_000, outputTokens: 1_000 });
    assertDollars(bundledCost(u, 'openai', 'gpt-4o'), 0.03);
  });

  test('Claude Sonnet 4.5 by its dated id, with cache reads and writes', () => {
    // uncached 100,000 − 80,000 − 10,000 = 10,000 × 3 = 30,000; reads 80,000 × 0.30 = 24,000;
    // writes 10,000 × 3.75 = 37,500; output 2,000 × 15 = 30,000 → 121,500 / 10⁶ = $0.1215
    const u = usage({
      inputTokens: 100_000,
      cacheReadTokens: 80_000,
      cacheWriteTokens: 10_000,
      outputTokens: 2_000,
    });
    assertDollars(bundledCost(u, 'anthropic', 'claude-sonnet-4-5-20250929'), 0.1215);
  });

  test('reasoning tokens are part of the output tokens, not billed again', () => {
    // 1,000,000 × 2 + 5,000 × 8 = 2,040,000 → $2.04, with or without the reasoning breakdown
    const plain = usage({ inputTokens: 1_000_000, outputTokens: 5_000 });
    assertDollars(bundledCost(plain, 'openai', 'gpt-4.1'), 2.04);
    assertDollars(bundledCost({ ...plain, reasoningTokens: 4_000 }, 'openai', 'gpt-4.1'), 2.04);
  });

  test('a prompt over the long-prompt threshold prices every token of the request at the long tier', () => {
    // Gemini 2.5 Pro: 200,000 × 1.25 + 10,000 × 10 = 350,000 → $0.35 (at the threshold: base prices)
    assertDollars(
      bundledCost(usage({ inputTokens: 200_000, outputTokens: 10_000 }), 'google', 'gemini-2.5-pro'),
      0.35,
    );
    // 250,000 × 2.50 + 10,000 × 15 = 775,000 → $0.775
    assertDollars(
      bundledCost(usage({ inputTokens: 250_000, outputTokens: 10_000 }), 'google', 'gemini-2.5-pro'),
      0.775,
    );
    // Claude Sonnet 4, 1M window: uncached 50,000 × 6 + reads 250,000 × 0.60 + 1,000 × 22.50 = 472,500 → $0.4725
    const long = usage({ inputTokens: 300_000, cacheReadTokens: 250_000, outputTokens: 1_000 });
    assertDollars(bundledCost(long, 'anthropic', 'claude-sonnet-4-20250514'), 0.4725);
  });

  test('a snapshot with its own price is found before its base', () => {
    // gpt-4o-2024-05-13 kept $5 / $15: 1,000 × 5 + 1,000 × 15 = 20,000 → $0.02 (not gpt-4o's $0.0125)
    assertDollars(
      bundledCost(usage({ inputTokens: 1_000, outputTokens: 1_000 }), 'openai', 'gpt-4o-2024-05-13'),
      0.02,
    );
    assertDollars(
      bundledCost(usage({ inputTokens: 1_000, outputTokens: 1_000 }), 'openai', 'gpt-4o-2024-08-06'),
      0.0125,
    );
  });

  test('undefined for a model the table does not know, on any other provider or spelling', () => {
    const u = usage({ inputTokens: 1_000, outputTokens: 1_000 });
    assert.equal(bundledCost(u, 'openai', 'gpt-9'), undefined);
    assert.equal(bundledCost(u, 'openrouter', 'openai/gpt-4o'), undefined);
    assert.equal(bundledCost(u, 'azure', 'gpt-4o'), undefined);
    assert.equal(bundledCost(u, 'openai', 'gpt-4o-2024'), undefined, 'not a snapshot date');
    assert.equal(
      bundledCost(u, 'anthropic', 'claude-sonnet-4-5-2025092'),
      undefined,
      'seven digits is not a date',
    );
    assert.equal(bundledCost(u, 'openai', 'constructor'), undefined);
    assert.equal(bundledCost(u, 'llamacpp', 'qwen3'), undefined);
  });

  test('undefined without input or output tokens', () => {
    assert.equal(bundledCost(usage({ outputTokens: 10 }), 'openai', 'gpt-4o'), undefined);
    assert.equal(bundledCost(usage({ inputTokens: 10 }), 'openai', 'gpt-4o'), undefined);
    assert.equal(bundledCost(usage({}), 'openai', 'gpt-4o'), undefined);
  });

  test('undefined for cache tokens the price does not cover, or more cache than input', () => {
    const cached = usage({ inputTokens: 10_000, cacheReadTokens: 5_000, outputTokens: 10 });
    assert.equal(bundledCost(cached, 'google', 'gemini-2.5-flash'), undefined);
    assert.equal(bundledCost(cached, 'openai', 'gpt-4o-2024-05-13'), undefined);
    const written = usage({ inputTokens: 10_000, cacheWriteTokens: 5_000, outputTokens: 10 });
    assert.equal(bundledCost(written, 'openai', 'gpt-4o'), undefined);
    const impossible = usage({
      inputTokens: 1_000,
      cacheReadTokens: 900,
      cacheWriteTokens: 200,
      outputTokens: 1,
    });
    assert.equal(bundledCost(impossible, 'anthropic', 'claude-haiku-4-5'), undefined);
    // Zero cached tokens need no cache price: 10,000 × 0.30 + 10 × 2.50 = 3,025 → $0.003025
    assertDollars(bundledCost({ ...cached, cacheReadTokens: 0 }, 'google', 'gemini-2.5-flash'), 0.003025);
  });

  test('a caller-supplied table replaces the bundled one', () => {
    const table: PriceTable = { 'llamacpp:qwen3': { inputPerMTok: 0, outputPerMTok: 0 } };
    const u = usage({ inputTokens: 5, outputTokens: 5 });
    assert.equal(costOf(u, findModelPrice('llamacpp', 'qwen3', table)), 0);
    assert.equal(costOf(u, findModelPrice('openai', 'gpt-4o', table)), undefined);
  });
});

describe('findModelPrice', () => {
  const table: PriceTable = {
    'p:m': { inputPerMTok: 1, outputPerMTok: 2 },
    'p:m-2025-01-01': { inputPerMTok: 3, outputPerMTok: 4 },
  };

  test('exact key first, then the undated base of a dated snapshot id, nothing else', () => {
    assert.equal(findModelPrice('p', 'm-2025-01-01', table)?.inputPerMTok, 3);
    assert.equal(findModelPrice('p', 'm-2025-02-01', table)?.inputPerMTok, 1);
    assert.equal(findModelPrice('p', 'm-20250201', table)?.inputPerMTok, 1);
    assert.equal(findModelPrice('p', 'm-latest', table), undefined);
    assert.equal(findModelPrice('p', 'm-mini', table), undefined);
    assert.equal(findModelPrice('q', 'm', table), undefined);
  });
});
