// The status line's cost: nothing before anything is spent, then the sum, or
// `$?` once a price is unknown — never a `$0.0000` that later turns into `$?`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunUsage } from '@kodama/core';
import { type StatusState, statusText, UsageTotals } from '../src/internal.ts';

const state = (costUsd: StatusState['costUsd']): StatusState => ({
  model: 'm',
  contextTokens: undefined,
  contextWindow: undefined,
  inputTokens: 0,
  outputTokens: 0,
  costUsd,
  sessionId: 's',
  busySince: undefined,
});
const run = (costUsd: number | undefined): RunUsage =>
  ({ inputTokens: 10, outputTokens: 2, costUsd }) as unknown as RunUsage;

test('no cost before the first Run; a priced Run adds up; an unpriced one makes it unknown for good', () => {
  const totals = new UsageTotals();
  assert.equal(totals.costUsd, null);
  assert.equal(statusText(state(totals.costUsd)), 'm · ctx -/? · ↑0 ↓0 tok · session s');
  totals.onRunEnd(run(0.0012));
  totals.onRunEnd(run(0.0003));
  assert.equal(statusText(state(totals.costUsd)), 'm · ctx -/? · ↑0 ↓0 tok · $0.0015 · session s');
  totals.onRunEnd(run(undefined));
  totals.onRunEnd(run(0.5));
  assert.equal(statusText(state(totals.costUsd)), 'm · ctx -/? · ↑0 ↓0 tok · $? · session s');
});

test('a model without a price shows $? from its first Run, not $0.0000 first', () => {
  const totals = new UsageTotals();
  totals.onRunEnd(run(undefined));
  assert.equal(totals.costUsd, undefined);
  assert.match(statusText(state(totals.costUsd)), / · \$\? · /);
});
