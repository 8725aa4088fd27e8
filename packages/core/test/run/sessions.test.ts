// Runs over session stores: continuing, checkpoints that keep completed steps, serialization, records.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ScriptedModel } from '@kodama/testkit';
import { InMemorySessionStore, JsonlSessionStore, type SessionStore } from '../../src/entries/session.ts';
import { Agent, InvalidOptionError } from '../../src/index.ts';
import { assertSendable, echoTool, gateTool } from '../agent/helpers.ts';

function agentWith(script: ConstructorParameters<typeof ScriptedModel>[0], tools = [echoTool()]) {
  return new Agent({
    model: new ScriptedModel(script),
    systemPrompt: 'You are terse.',
    configure: (c) => {
      for (const t of tools) c.addTool(t);
    },
  });
}

const echo = (text: string) => ({ toolCalls: [{ name: 'echo', arguments: { text } }] });

async function stores(): Promise<{ name: string; store: SessionStore; done: () => Promise<void> }[]> {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-run-sessions-'));
  return [
    { name: 'in-memory', store: new InMemorySessionStore(), done: async () => {} },
    {
      name: 'jsonl',
      store: new JsonlSessionStore({ dir }),
      done: () => rm(dir, { recursive: true, force: true }),
    },
  ];
}

describe('Runs over sessions', async () => {
  for (const { name, store, done } of await stores()) {
    describe(name, () => {
      after(done);
      test('a second Run on the session continues the first, on another agent', async () => {
        const first = await agentWith([{ text: 'Noted: the code is 4711.' }]).ask('Remember 4711.', {
          session: { id: 'continue', store },
        });
        assert.equal(first.outcome, 'completed');
        const model = new ScriptedModel([{ text: 'It is 4711.' }]);
        const second = await new Agent({ model, systemPrompt: 's' }).ask('What was the code?', {
          session: { id: 'continue', store },
        });
        assert.equal(second.response, 'It is 4711.');
        assert.deepEqual(
          model.calls[0]?.messages.map((m) => m.role),
          ['user', 'assistant', 'user'],
        );
        const stored = await store.load('continue');
        assert.equal(stored?.messages.length, 4);
        assert.equal(stored?.info.title, 'Remember 4711.');
        assert.equal(stored?.info.model, 'scripted:scripted-model');
        const runs = await store.listRuns('continue');
        assert.deepEqual(
          runs.map((r) => [r.runId, r.outcome]),
          [
            [first.id, 'completed'],
            [second.id, 'completed'],
          ],
        );
      });

      test('a failed Run keeps its completed steps in the session', async () => {
        const run = await agentWith([echo('one'), echo('two'), { fault: 'http', status: 500 }]).ask('Go.', {
          session: { id: 'failed', store },
        });
        assert.equal(run.outcome, 'failed');
        const stored = await store.load('failed');
        const tools = stored?.messages.filter((m) => m.message.role === 'tool') ?? [];
        assert.equal(tools.length, 2);
        assertSendable(stored!.messages.map((m) => m.message));
        assert.equal((await store.listRuns('failed'))[0]?.outcome, 'failed');
      });

      test('a cancelled Run: checkpoints after each batch kept what was done; the session stays valid', async () => {
        const gate = gateTool();
        const agent = agentWith(
          [echo('one'), { toolCalls: [{ name: 'gate', arguments: {} }] }],
          [echoTool(), gate.tool],
        );
        const controller = new AbortController();
        const asked = agent.ask('Go.', { session: { id: 'cancelled', store }, signal: controller.signal });
        await gate.started;
        // The first batch was checkpointed before the second began.
        const during = await store.load('cancelled');
        assert.ok(during?.messages.some((m) => m.message.role === 'tool'));
        controller.abort();
        const run = await asked;
        assert.equal(run.outcome, 'cancelled');
        const stored = await store.load('cancelled');
        assertSendable(stored!.messages.map((m) => m.message));
        assert.equal(stored?.messages.length, 5);
      });

      test('Runs on one session at once are serialized, not interleaved', async () => {
        const a = agentWith([echo('a1'), { text: 'A done', latencyMs: 20 }]);
        const b = agentWith([echo('b1'), { text: 'B done' }]);
        const [ra, rb] = await Promise.all([
          a.ask('Run A.', { session: { id: 'shared', store } }),
          b.ask('Run B.', { session: { id: 'shared', store } }),
        ]);
        assert.equal(ra.response, 'A done');
        assert.equal(rb.response, 'B done');
        const texts = (await store.load('shared'))!.messages.map((m) =>
          m.message.role === 'user' ? `user:${m.message.content}` : m.message.role,
        );
        assert.deepEqual(texts, [
          'user:Run A.',
          'assistant',
          'tool',
          'assistant',
          'user:Run B.',
          'assistant',
          'tool',
          'assistant',
        ]);
      });

      test('a bad session id fails before a Run exists', async () => {
        await assert.rejects(
          agentWith([]).ask('x', { session: { id: '../escape', store } }),
          (e: unknown) => InvalidOptionError.isInstance(e) && /AskOptions\.session\.id/.test(e.message),
        );
      });
    });
  }
});
