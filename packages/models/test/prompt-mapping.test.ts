import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ModelRequest } from '@kodama/models';
import { toV3Prompt, toV3Tools } from '../src/adapter/to-v3-prompt.ts';
import { toChatBody } from '../src/openai-compatible/to-chat-body.ts';

const IMAGE = { type: 'image', data: 'iVBORw0=', mediaType: 'image/png' } as const;
const REQUEST: ModelRequest = {
  system: 'Be brief.',
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Look:' }, IMAGE] },
    {
      role: 'assistant',
      text: 'Reading.',
      reasoning: 'need files',
      toolCalls: [
        { id: 'c1', name: 'read', arguments: '{"path":"a"}' },
        { id: 'c2', name: 'read', arguments: '{"path": ' },
      ],
    },
    { role: 'tool', toolCallId: 'c1', toolName: 'read', content: 'contents of a' },
    { role: 'tool', toolCallId: 'c2', toolName: 'read', content: [{ type: 'text', text: 'a chart' }, IMAGE] },
  ],
  tools: [{ name: 'read', description: 'Read a file', parameters: { type: 'object' } }],
};

test('V3 prompt: system, user parts, assistant parts, grouped tool results', () => {
  const prompt = toV3Prompt(REQUEST);
  assert.deepEqual(prompt[0], { role: 'system', content: 'Be brief.' });
  assert.deepEqual(prompt[1], {
    role: 'user',
    content: [
      { type: 'text', text: 'Look:' },
      { type: 'file', data: 'iVBORw0=', mediaType: 'image/png' },
    ],
  });
  assert.deepEqual(prompt[2], {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'need files' },
      { type: 'text', text: 'Reading.' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'read', input: { path: 'a' } },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'read', input: {} },
    ],
  });
  assert.equal(prompt.length, 4, 'both tool results in one tool message');
  assert.deepEqual(prompt[3], {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'read',
        output: { type: 'text', value: 'contents of a' },
      },
      {
        type: 'tool-result',
        toolCallId: 'c2',
        toolName: 'read',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'a chart' },
            { type: 'image-data', data: 'iVBORw0=', mediaType: 'image/png' },
          ],
        },
      },
    ],
  });
  assert.deepEqual(toV3Tools(REQUEST.tools), [
    { type: 'function', name: 'read', description: 'Read a file', inputSchema: { type: 'object' } },
  ]);
  assert.equal(toV3Tools([]), undefined);
});

test('chat body: OpenAI wire messages, images of tool results after the batch', () => {
  const body = toChatBody('m', { ...REQUEST, maxOutputTokens: 100, temperature: 0 });
  assert.equal(body.model, 'm');
  assert.equal(body.stream, true);
  assert.deepEqual(body.stream_options, { include_usage: true });
  assert.equal(body.max_tokens, 100);
  assert.equal(body.temperature, 0);
  const messages = body.messages as Record<string, unknown>[];
  assert.deepEqual(
    messages.map((m) => m.role),
    ['system', 'user', 'assistant', 'tool', 'tool', 'user'],
  );
  assert.deepEqual(messages[2], {
    role: 'assistant',
    content: 'Reading.',
    reasoning_content: 'need files',
    tool_calls: [
      { id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"a"}' } },
      { id: 'c2', type: 'function', function: { name: 'read', arguments: '{}' } },
    ],
  });
  assert.deepEqual(messages[4], { role: 'tool', tool_call_id: 'c2', content: 'a chart' });
  assert.deepEqual((messages[5]!.content as unknown[])[1], {
    type: 'image_url',
    image_url: { url: 'data:image/png;base64,iVBORw0=' },
  });
  assert.deepEqual(body.tools, [
    {
      type: 'function',
      function: { name: 'read', description: 'Read a file', parameters: { type: 'object' } },
    },
  ]);
});
