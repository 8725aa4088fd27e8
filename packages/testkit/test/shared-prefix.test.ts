// The scripted servers measure, per model call, how much of the previous
// call's prompt it repeats from its start (what a prompt cache reuses).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startAnthropicServer, startOpenAICompatibleServer } from '../src/index.ts';
import { postJson } from './helpers/sse.ts';

const tools = [{ type: 'function', function: { name: 'read', parameters: { type: 'object' } } }];
const system = { role: 'system', content: 'You are kodama.' };
const user = (content: string) => ({ role: 'user', content });

test('appending messages shares the whole previous prompt; a changed system prompt or tool order cuts it', async (t) => {
  const server = await startOpenAICompatibleServer({ script: () => ({ text: 'ok' }) });
  t.after(() => server.close());
  const send = (body: unknown) =>
    postJson(`${server.url}/v1/chat/completions`, { model: 'x', ...(body as object) });
  await send({ tools, messages: [system, user('one')] });
  await send({ tools, messages: [system, user('one'), { role: 'assistant', content: 'ok' }, user('two')] });
  await send({ tools, messages: [{ role: 'system', content: 'Plan mode. You are kodama.' }, user('one')] });
  const reordered = [
    ...tools,
    { type: 'function', function: { name: 'bash', parameters: { type: 'object' } } },
  ];
  await send({ tools: reordered.reverse(), messages: [system, user('one')] });
  const [first, appended, rewritten, reorderedCall] = server.modelCalls;
  assert.equal(appended?.sharedPrefix?.of, 0);
  assert.equal(first?.sharedPrefix, undefined, 'the first call has nothing before it');
  assert.equal(appended?.sharedPrefix?.ratio, 1);
  assert.equal(appended?.sharedPrefix?.chars, appended?.sharedPrefix?.previousChars);
  assert.ok((rewritten?.sharedPrefix?.ratio ?? 1) < 0.5, JSON.stringify(rewritten?.sharedPrefix));
  assert.ok((reorderedCall?.sharedPrefix?.ratio ?? 1) < 0.3, JSON.stringify(reorderedCall?.sharedPrefix));
});

test('the Anthropic server reads its system field between the tools and the messages', async (t) => {
  const server = await startAnthropicServer({ script: () => ({ text: 'ok' }) });
  t.after(() => server.close());
  const send = (body: unknown) =>
    postJson(`${server.url}/v1/messages`, { model: 'x', max_tokens: 10, ...(body as object) });
  await send({ system: 'one', messages: [user('a')] });
  await send({ system: 'one', messages: [user('a'), { role: 'assistant', content: 'ok' }, user('b')] });
  await send({ system: 'two', messages: [user('a')] });
  assert.equal(server.modelCalls[1]?.sharedPrefix?.ratio, 1);
  assert.ok((server.modelCalls[2]?.sharedPrefix?.ratio ?? 1) < 1);
});
