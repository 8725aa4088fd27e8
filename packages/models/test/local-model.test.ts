import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Agent, defineTool } from '@kodama/core';
import type { ModelRequest, ModelStreamPart } from '@kodama/core/model';
import { type LocalModelHandle, resolveModel } from '@kodama/models';
import { TINY_MODEL, writeTinyChatModel } from '@kodama/testkit';
import { z } from 'zod';

// A real llama.cpp forward pass on a generated model (testkit's tiny chat
// model: wired weights, greedy decoding), one thread.

let dir: string;
let file: string;
const open: LocalModelHandle[] = [];
const SYSTEM = 'You are a helpful assistant.';

async function local(query = 'threads=1'): Promise<LocalModelHandle> {
  const model = (await resolveModel(`local:${file}?${query}`)) as LocalModelHandle;
  open.push(model);
  return model;
}

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

const text = (parts: readonly ModelStreamPart[]) =>
  parts.map((p) => (p.type === 'text-delta' ? p.text : '')).join('');

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks up the weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `${city}: sunny, 21 C`,
});

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kodama-local-'));
  file = await writeTinyChatModel(join(dir, 'tiny.gguf'));
});

after(async () => {
  for (const model of open) await model.close();
  await rm(dir, { recursive: true, force: true });
});

describe('local: provider on a generated GGUF model', () => {
  test('loads, streams text deltas, reports usage, the stop reason and the exact context window', async () => {
    const model = await local();
    assert.equal(model.provider, 'local');
    assert.equal(model.supportsJsonSchema, true);
    assert.equal(await model.contextWindow(), 4096, "the model's training context (under the 8,192 cap)");
    const parts = await collect(model.stream({ messages: [{ role: 'user', content: 'Hi' }] }));
    assert.equal(text(parts), TINY_MODEL.greeting);
    assert.ok(parts.filter((p) => p.type === 'text-delta').length > 1, 'streamed in several deltas');
    const usage = parts.find((p) => p.type === 'usage');
    assert.ok(usage?.type === 'usage');
    assert.ok((usage.usage.inputTokens ?? 0) > 5, `input tokens counted: ${usage.usage.inputTokens}`);
    assert.equal(usage.usage.outputTokens, 6, 'five pieces and the end-of-turn token');
    assert.deepEqual(parts.at(-1), { type: 'finish', reason: 'stop', rawReason: 'eogToken' });
  });

  test('the context size option is honoured exactly, and maxOutputTokens stops with length', async () => {
    const model = await local('threads=1&ctx=1024');
    assert.equal(await model.contextWindow(), 1024);
    const parts = await collect(
      model.stream({
        messages: [{ role: 'user', content: `sing ${TINY_MODEL.loopMarker}` }],
        maxOutputTokens: 5,
      }),
    );
    assert.equal(text(parts), 'La la la la la');
    assert.deepEqual(parts.at(-1), { type: 'finish', reason: 'length', rawReason: 'maxTokens' });
  });

  test('a JSON response format constrains the answer with a grammar', async () => {
    const model = await local();
    const request: ModelRequest = {
      messages: [{ role: 'user', content: 'Answer in JSON.' }],
      responseFormat: {
        type: 'json',
        name: 'answer',
        schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    };
    const parts = await collect(model.stream(request));
    assert.deepEqual(JSON.parse(text(parts)), { city: TINY_MODEL.stringValue });
  });

  test("a Run's output schema is answered natively (grammar), validated by kodama", async () => {
    const agent = new Agent({ systemPrompt: SYSTEM, model: await local() });
    const run = await agent.ask('Which city?', { output: z.object({ city: z.string() }) });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(run.output, { city: TINY_MODEL.stringValue });
  });

  test("the tool round trip runs through kodama's Agent: call, kodama runs the tool, result, answer", async () => {
    const seen: string[] = [];
    const tool = defineTool({
      ...lookup,
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        seen.push(city);
        return `${city}: sunny, 21 C`;
      },
    });
    const agent = new Agent({
      systemPrompt: SYSTEM,
      model: await local(),
      configure: (c) => c.addTool(tool),
    });
    const run = await agent.ask('What is the weather in Paris?');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(seen, [TINY_MODEL.stringValue], 'kodama ran the tool once with the parsed arguments');
    assert.equal(run.response, TINY_MODEL.answer);
    const messages = (run.history?.messages ?? []).map((m) => m.message);
    const call = messages.find((m) => m.role === 'assistant' && m.toolCalls.length > 0);
    assert.ok(call?.role === 'assistant');
    assert.deepEqual(JSON.parse(call.toolCalls[0]!.arguments), { city: 'Paris' });
    assert.ok(messages.some((m) => m.role === 'tool' && m.content === 'Paris: sunny, 21 C'));
    assert.ok((run.usage?.outputTokens ?? 0) > 0);
  });

  test('cancellation stops generation within one token and rejects with an AbortError', async () => {
    const model = await local();
    const controller = new AbortController();
    let deltas = 0;
    let afterAbort = 0;
    const stream = model.stream(
      { messages: [{ role: 'user', content: `sing ${TINY_MODEL.loopMarker}` }] },
      { signal: controller.signal },
    );
    await assert.rejects(
      (async () => {
        for await (const part of stream) {
          if (part.type !== 'text-delta') continue;
          if (controller.signal.aborted) afterAbort++;
          if (++deltas === 20) controller.abort();
        }
      })(),
      { name: 'AbortError' },
    );
    assert.ok(afterAbort <= 1, `at most one token after the abort, got ${afterAbort}`);
    // The sequence went back to the pool: the model still answers.
    assert.equal(
      text(await collect(model.stream({ messages: [{ role: 'user', content: 'Hi' }] }))),
      TINY_MODEL.greeting,
    );
  });

  test('two agents share one loaded model concurrently through separate sequences', async () => {
    const a = await local('threads=1&parallel=2');
    const b = await local('threads=1&parallel=2');
    const [ra, rb] = await Promise.all([
      new Agent({ systemPrompt: SYSTEM, model: a, configure: (c) => c.addTool(lookup) }).ask(
        'Weather in Paris?',
      ),
      new Agent({ systemPrompt: SYSTEM, model: b }).ask('Hi'),
    ]);
    assert.equal(ra.response, TINY_MODEL.answer);
    assert.equal(rb.response, TINY_MODEL.greeting);
  });

  test('requests beyond the free sequences wait their turn instead of failing', async () => {
    const model = await local('threads=1&parallel=1');
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        new Agent({ systemPrompt: SYSTEM, model }).ask(`Hi ${i}`).then((run) => run.response),
      ),
    );
    assert.deepEqual(answers, [TINY_MODEL.greeting, TINY_MODEL.greeting, TINY_MODEL.greeting]);
  });
});
