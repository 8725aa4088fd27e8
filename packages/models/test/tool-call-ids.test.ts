// A tool call the provider sent without an id gets one from the caller's
// IdSource (StreamOptions.ids) when given, else one unique across responses.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { sequentialIds } from '@kodama/core/ids';
import { fromAiSdk, type Model, resolveModel, type StreamOptions } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { inventToolCallId } from '../src/adapter/invented-tool-call-id.ts';
import { HELLO } from './support/collect.ts';
import { fakeV3Model, TOOL_FINISH } from './support/fake-v3-model.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** The ids of every tool-call part of one stream, start/delta/end in order. */
async function callIds(model: Model, options: StreamOptions = {}): Promise<string[]> {
  const ids: string[] = [];
  for await (const part of model.stream(HELLO, options)) {
    if (part.type === 'tool-call-start' || part.type === 'tool-call-delta') ids.push(part.id);
    if (part.type === 'tool-call-end') ids.push(part.call.id);
  }
  return ids;
}

async function compatible(implementation: 'kodama' | 'ai-sdk'): Promise<Model> {
  const noId = { toolCalls: [{ id: null, name: 'read', arguments: { path: 'a' } }] } as const;
  const server = await startOpenAICompatibleServer({ script: () => noId });
  servers.push(server);
  return resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
    openAICompatibleAdapter: implementation,
  });
}

test('lean adapter: a missing id comes from StreamOptions.ids, consistently within the call', async () => {
  const model = await compatible('kodama');
  const ids = sequentialIds('k-');
  const first = await callIds(model, { ids });
  const second = await callIds(model, { ids });
  assert.deepEqual(new Set(first), new Set(['k-tool-call-1']));
  assert.deepEqual(new Set(second), new Set(['k-tool-call-2']));
});

test('lean adapter without an IdSource: fallback ids never repeat across responses', async () => {
  const model = await compatible('kodama');
  const [a] = await callIds(model);
  const [b] = await callIds(model);
  assert.match(a!, /^call_./);
  assert.notEqual(a, b);
  assert.notEqual(a, 'call_0');
});

test('AI SDK openai-compatible path: the AI SDK invents unique ids itself', async () => {
  const model = await compatible('ai-sdk');
  const [a] = await callIds(model, { ids: sequentialIds('k-') });
  const [b] = await callIds(model);
  assert.ok(a && b && a !== b);
});

test('fromAiSdk: invented and empty ids are replaced from StreamOptions.ids; real ids are kept', async () => {
  const invented = inventToolCallId();
  const model = fromAiSdk(
    fakeV3Model([
      { type: 'stream-start', warnings: [] },
      { type: 'tool-input-start', id: invented, toolName: 'read' },
      { type: 'tool-input-delta', id: invented, delta: '{}' },
      { type: 'tool-input-end', id: invented },
      { type: 'tool-call', toolCallId: invented, toolName: 'read', input: '{}' },
      { type: 'tool-call', toolCallId: '', toolName: 'grep', input: '{}' },
      { type: 'tool-call', toolCallId: 'toolu_real', toolName: 'glob', input: '{}' },
      TOOL_FINISH,
    ]),
  );
  assert.deepEqual(await callIds(model, { ids: sequentialIds('g-') }), [
    'g-tool-call-1',
    'g-tool-call-1',
    'g-tool-call-1',
    'g-tool-call-2',
    'g-tool-call-2',
    'g-tool-call-2',
    'toolu_real',
    'toolu_real',
    'toolu_real',
  ]);
  const [fallback] = await callIds(model);
  assert.match(fallback!, /^call_[0-9a-f-]{36}$/, 'random when no IdSource is given');
});
