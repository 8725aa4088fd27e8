// The task list as an agent extension: the prompt section, a tasks.changed event per change, and a list
// that lives in the conversation: it survives session continuation (ids included) and a clear empties it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Agent, type DomainEvent, History } from '@kodama/core';
import { InMemoryEventList } from '@kodama/core/listeners';
import { InMemorySessionStore } from '@kodama/core/session';
import { type Script, ScriptedModel } from '@kodama/testkit';
import { TASKS_CHANGED, TASKS_USAGE, type TasksChanged, TasksExtension } from '@kodama/tools/tasks';

function tasksAgent(script: Script) {
  const model = new ScriptedModel(script);
  const extension = new TasksExtension();
  const events = new InMemoryEventList();
  const agent = new Agent({
    model,
    systemPrompt: 'You are a test agent.',
    configure: (c) => {
      c.addExtension(extension);
      c.addListener(events);
    },
  });
  return { agent, model, extension, events };
}

const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });

/** The lists the tasks.changed events carried, as `#id status` strings. */
function changes(events: InMemoryEventList): string[][] {
  return events
    .ofType('domain')
    .filter((e: DomainEvent) => e.name === TASKS_CHANGED)
    .map((e) => (e.data as TasksChanged).tasks.map((t) => `#${t.id} ${t.status}`));
}

describe('TasksExtension', () => {
  test('adds the four tools and the <tasks_usage> section', () => {
    const { agent } = tasksAgent([]);
    assert.deepEqual(
      agent.tools.map((t) => t.name),
      ['task_create', 'task_in_progress', 'task_completed', 'task_delete'],
    );
    assert.equal(agent.systemPrompt, `You are a test agent.\n\n${TASKS_USAGE}`);
    assert.match(TASKS_USAGE, /three or more steps/);
    assert.match(TASKS_USAGE, /exactly one task in progress/);
    assert.match(TASKS_USAGE, /only after you have checked/);
  });

  test('each change emits tasks.changed with the whole list, inside the tool call', async () => {
    const { agent, events } = tasksAgent([
      call('task_create', { items: ['a', 'b'] }),
      call('task_in_progress', { id: 1 }),
      call('task_completed', { id: 9 }),
      { text: 'done' },
    ]);
    await agent.turn('plan it');
    assert.deepEqual(changes(events), [
      ['#1 pending', '#2 pending'],
      ['#1 in_progress', '#2 pending'],
    ]);
    const types = events.types();
    const first = types.indexOf('domain');
    assert.equal(types[first - 1], 'tool-start');
    assert.equal(types[first + 1], 'tool-result');
    assert.ok(events.ofType('domain').every((e) => e.turnId !== ''));
  });

  test('the list survives session continuation, and ids are not reused after the reload', async () => {
    const store = new InMemorySessionStore();
    const session = { id: 'plan', store };
    const first = tasksAgent([
      call('task_create', { items: ['a', 'b', 'c'] }),
      call('task_in_progress', { id: 1 }),
      call('task_delete', { id: 3 }),
      { text: 'planned' },
    ]);
    assert.equal((await first.agent.ask('plan', { session })).outcome, 'completed');
    const second = tasksAgent([call('task_create', { items: ['c again'] }), { text: 'added' }]);
    assert.equal((await second.agent.ask('add one', { session })).outcome, 'completed');
    assert.deepEqual(
      changes(second.events).slice(0, 2),
      [[], ['#1 in_progress', '#2 pending']],
      'clear, then load',
    );
    assert.deepEqual(
      second.extension.tasks.map((t) => `#${t.id} ${t.status} ${t.text}`),
      ['#1 in_progress a', '#2 pending b', '#4 pending c again'],
    );
  });

  test('a load of a history without task answers empties the list; a clear starts ids from 1', async () => {
    const { agent, extension, events } = tasksAgent([
      call('task_create', { items: ['a'] }),
      { text: 'ok' },
      call('task_create', { items: ['b'] }),
      { text: 'ok' },
    ]);
    await agent.turn('one');
    const saved = agent.exportHistory();
    agent.loadHistory(new History([]));
    assert.equal(extension.tasks.length, 0);
    agent.loadHistory(History.parse(saved.serialize()));
    assert.deepEqual(
      extension.tasks.map((t) => t.text),
      ['a'],
    );
    agent.clearConversation();
    assert.equal(extension.tasks.length, 0);
    assert.deepEqual(changes(events).at(-1), []);
    await agent.turn('two');
    assert.deepEqual(
      extension.tasks.map((t) => `#${t.id} ${t.text}`),
      ['#1 b'],
    );
  });
});
