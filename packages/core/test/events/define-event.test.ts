// Typed domain events: a producer declares a key with its data's type, a tool
// emits it during a real turn, and a consumer matches it with isEvent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ScriptedModel } from '@kodama/testkit';
import { Agent, type AgentEvent, defineEvent, defineTool, isEvent, params } from '../../src/index.ts';

interface Progress {
  readonly done: number;
  readonly of: number;
}
const PROGRESS = defineEvent<Progress>('indexer.progress');
const OTHER = defineEvent<string>('indexer.note');

describe('defineEvent', () => {
  test('is the name at run time, so it travels through logs and the wire unchanged', () => {
    assert.equal(PROGRESS, 'indexer.progress');
    assert.equal(JSON.stringify({ name: PROGRESS }), '{"name":"indexer.progress"}');
  });

  test('refuses a name outside the <producer>.<what> rule, saying the rule', () => {
    for (const bad of ['progress', 'Indexer.Progress', 'indexer.', '.progress', 'indexer progress'])
      assert.throws(() => defineEvent(bad), /use <producer>\.<what>, lowercase words joined by -/, bad);
    assert.equal(defineEvent('mcp.server-connected'), 'mcp.server-connected');
  });

  test("a tool's event reaches the listeners during the turn; isEvent matches it by key and types data", async () => {
    const index = defineTool({
      name: 'index',
      description: 'Indexes.',
      parameters: params(),
      execute: (_args, context) => {
        context.emit(PROGRESS, { done: 1, of: 2 });
        context.emit(PROGRESS, { done: 2, of: 2 });
        return 'indexed';
      },
    });
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'index', arguments: {} }] },
      { text: 'ok' },
    ]);
    const events: AgentEvent[] = [];
    const agent = new Agent({
      model,
      systemPrompt: 'You index.',
      configure: (c) => {
        c.addTool(index);
        c.addListener({ onEvent: (event) => events.push(event) });
      },
    });
    await agent.turn('index it');

    const seen = events.filter((e) => isEvent(e, PROGRESS)).map((e) => `${e.data.done}/${e.data.of}`);
    assert.deepEqual(seen, ['1/2', '2/2']);
    assert.equal(events.filter((e) => isEvent(e, OTHER)).length, 0);
    const order = events
      .map((e) => e.type)
      .filter((t) => t === 'tool-start' || t === 'domain' || t === 'tool-result');
    assert.deepEqual(order, ['tool-start', 'domain', 'domain', 'tool-result']);
  });
});
