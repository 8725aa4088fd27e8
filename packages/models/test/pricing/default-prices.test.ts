// The shipped table is well-formed: providers kodama resolves, sane numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelPrice } from '@kodama/core/model';
import { DEFAULT_PRICES } from '@kodama/models';

function assertSane(key: string, price: Omit<ModelPrice, 'longPrompt'>): void {
  for (const [field, value] of Object.entries(price)) {
    assert.ok(Number.isFinite(value) && (value as number) > 0, `${key}.${field} = ${value}`);
  }
  assert.ok(price.outputPerMTok >= price.inputPerMTok, `${key}: output costs at least input`);
  if (price.cacheReadPerMTok !== undefined) assert.ok(price.cacheReadPerMTok < price.inputPerMTok, key);
  if (price.cacheWritePerMTok !== undefined) assert.ok(price.cacheWritePerMTok > price.inputPerMTok, key);
}

test('DEFAULT_PRICES covers OpenAI, Anthropic and Google with sane figures, frozen', () => {
  assert.ok(Object.isFrozen(DEFAULT_PRICES));
  const providers = new Set<string>();
  for (const [key, price] of Object.entries(DEFAULT_PRICES)) {
    const match = /^(openai|anthropic|google):([a-z0-9.-]+)$/.exec(key);
    assert.ok(match, `key ${key}`);
    providers.add(match[1]!);
    const { longPrompt, ...base } = price;
    assertSane(key, base);
    if (longPrompt !== undefined) {
      assertSane(`${key} (long prompt)`, longPrompt.price);
      assert.ok(longPrompt.price.inputPerMTok > base.inputPerMTok, key);
      assert.ok(Number.isInteger(longPrompt.aboveInputTokens) && longPrompt.aboveInputTokens > 0, key);
    }
  }
  assert.deepEqual([...providers].sort(), ['anthropic', 'google', 'openai']);
});
