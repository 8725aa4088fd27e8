import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type RetryInfo, resolveModel } from '@kodama/models';
import { type ScriptedServer, startAnthropicServer } from '@kodama/testkit';
import { collect, FAST_RETRY, textOf } from './support/collect.ts';
import { streamSuite } from './support/stream-suite.ts';

function anthropic(server: ScriptedServer, retry?: { baseDelayMs?: number; maxDelayMs?: number }) {
  return resolveModel('anthropic:claude-sonnet-4-5', {
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url },
    retry: { ...FAST_RETRY, ...retry },
  });
}

streamSuite({
  name: 'anthropic (@ai-sdk/anthropic)',
  start: (script) => startAnthropicServer({ script }),
  model: anthropic,
  keyVar: 'ANTHROPIC_API_KEY',
  emptyChoices: false,
});

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

test('anthropic: an overloaded stream error before any part is retried', async () => {
  const server = await startAnthropicServer({
    script: [
      { fault: 'stream-error', errorType: 'overloaded_error', message: 'Overloaded' },
      { text: 'recovered' },
    ],
  });
  servers.push(server);
  const retries: RetryInfo[] = [];
  const parts = await collect(await anthropic(server), undefined, { onRetry: (info) => retries.push(info) });
  assert.equal(textOf(parts), 'recovered');
  assert.equal(retries.length, 1);
  assert.match(retries[0]!.cause, /overloaded|529/i);
  assert.equal(server.modelCalls.length, 2);
});

test('anthropic: reasoning and text arrive as separate deltas', async () => {
  const server = await startAnthropicServer({ script: [{ reasoning: 'Let me think.', text: 'Done.' }] });
  servers.push(server);
  const parts = await collect(await anthropic(server));
  const reasoning = parts.map((p) => (p.type === 'reasoning-delta' ? p.text : '')).join('');
  assert.equal(reasoning, 'Let me think.');
  assert.equal(textOf(parts), 'Done.');
});
