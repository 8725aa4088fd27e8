import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sequentialIds } from '@kodama/core/ids';
import { ScriptedModel, startAnthropicServer, startOpenAICompatibleServer } from '../src/index.ts';
import { parseSse, postJson } from './helpers/sse.ts';

// `id: null` scripts a server that leaves a tool call's id out, which clients must then invent.
const call = { id: null, name: 'read', arguments: { path: 'a' } } as const;

test('OpenAI wire: a call scripted with id null carries no id, streamed or not', async (t) => {
  const server = await startOpenAICompatibleServer({
    script: [{ toolCalls: [call] }, { toolCalls: [call] }],
  });
  t.after(() => server.close());
  const url = `${server.url}/v1/chat/completions`;
  const request = { model: 'm', messages: [{ role: 'user', content: 'q' }] };
  const events = parseSse(await (await postJson(url, { ...request, stream: true })).text());
  const first = events
    .map((e) => (e.data === '[DONE]' ? undefined : JSON.parse(e.data)))
    .find((c) => c?.choices[0]?.delta?.tool_calls)!.choices[0].delta.tool_calls[0];
  assert.deepEqual(first, { index: 0, type: 'function', function: { name: 'read', arguments: '{"path":' } });
  const plain = (await (await postJson(url, { ...request, stream: false })).json()) as {
    choices: { message: { tool_calls: Record<string, unknown>[] } }[];
  };
  assert.equal('id' in plain.choices[0]!.message.tool_calls[0]!, false);
});

test('Anthropic wire: the tool_use block has no id', async (t) => {
  const server = await startAnthropicServer({ script: [{ toolCalls: [call] }] });
  t.after(() => server.close());
  const body = { model: 'c', max_tokens: 10, messages: [{ role: 'user', content: 'q' }], stream: true };
  const events = parseSse(await (await postJson(`${server.url}/v1/messages`, body)).text());
  const start = events.map((e) => JSON.parse(e.data)).find((e) => e.content_block?.type === 'tool_use');
  assert.deepEqual(start.content_block, { type: 'tool_use', name: 'read', input: {} });
});

test('ScriptedModel: the id comes from StreamOptions.ids, else its own counter', async () => {
  const model = new ScriptedModel([
    { toolCalls: [call] },
    { toolCalls: [call, { name: 'x', arguments: {} }] },
  ]);
  const ids = async (options: Parameters<ScriptedModel['stream']>[1]) => {
    const seen: string[] = [];
    for await (const part of model.stream({ messages: [{ role: 'user', content: 'q' }] }, options))
      if (part.type === 'tool-call-end') seen.push(part.call.id);
    return seen;
  };
  assert.deepEqual(await ids({ ids: sequentialIds('s-') }), ['s-tool-call-1']);
  assert.deepEqual(await ids({}), ['call_1', 'call_2']);
});
