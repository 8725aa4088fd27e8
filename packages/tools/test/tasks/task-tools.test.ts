// The four task tools over one list: atomic create, ids never reused, the whole list after each mutation,
// clear errors that change nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type AnyTool, NONE } from '@kodama/core';
import { parseTasks, renderTasks, TASK_TOOL_NAMES, TaskList, taskTools } from '@kodama/tools/tasks';
import { runTool, text } from '../helpers/run-tool.ts';

function tools(): {
  list: TaskList;
  call: (name: string, args: unknown) => Promise<string>;
  changes: () => number;
} {
  const list = new TaskList();
  let changes = 0;
  const byName = new Map<string, AnyTool>(taskTools(list, () => void changes++).map((t) => [t.name, t]));
  return {
    list,
    call: async (name, args) => text(await runTool(byName.get(name)!, args)),
    changes: () => changes,
  };
}

describe('task tools', () => {
  test('four tools, no I/O, run one at a time', () => {
    const all = taskTools(new TaskList(), () => {});
    assert.deepEqual(
      all.map((t) => t.name),
      TASK_TOOL_NAMES,
    );
    for (const tool of all) {
      assert.deepEqual(tool.trifectaLegs, NONE);
      assert.equal(tool.sequential, true);
    }
  });

  test('every mutation answers with the whole list', async () => {
    const { call, changes } = tools();
    assert.equal(
      await call('task_create', { items: ['Read the failing test', ' Fix the parser ', 'Run the suite'] }),
      '<tasks>\n- [pending] #1 Read the failing test\n- [pending] #2 Fix the parser\n- [pending] #3 Run the suite\n</tasks>',
    );
    assert.equal(
      await call('task_in_progress', { id: 1 }),
      '<tasks>\n- [in_progress] #1 Read the failing test\n- [pending] #2 Fix the parser\n- [pending] #3 Run the suite\n</tasks>',
    );
    assert.equal(
      await call('task_completed', { id: 1 }),
      '<tasks>\n- [completed] #1 Read the failing test\n- [pending] #2 Fix the parser\n- [pending] #3 Run the suite\n</tasks>',
    );
    assert.equal(
      await call('task_delete', { id: 3 }),
      '<tasks>\n- [completed] #1 Read the failing test\n- [pending] #2 Fix the parser\n</tasks>',
    );
    assert.equal(
      await call('task_delete', { id: 2 }),
      '<tasks>\n- [completed] #1 Read the failing test\n</tasks>',
    );
    assert.equal(await call('task_delete', { id: 1 }), '<tasks>\n(no tasks)\n</tasks>');
    assert.equal(changes(), 6);
  });

  test('create is atomic: one blank, multi-line, repeated or already-open item adds nothing and is named', async () => {
    const { call, list, changes } = tools();
    await call('task_create', { items: ['Write the test'] });
    const before = list.tasks;
    for (const [items, error] of [
      [['ok', '  '], 'Error: item 2 is blank; nothing was added'],
      [['ok', 'two\nlines'], 'Error: item 2 spans several lines; give each task one line; nothing was added'],
      [['ok', 'again', ' ok'], 'Error: "ok" is given twice; nothing was added'],
      [['new', 'Write the test'], 'Error: "Write the test" is already on the list as #1; nothing was added'],
      [[], 'Error: items is empty; give at least one task'],
    ] as const) {
      assert.equal(await call('task_create', { items }), error);
      assert.equal(list.tasks, before, 'the list is untouched');
    }
    assert.equal(changes(), 1, 'no change event for a refused call');
    await call('task_completed', { id: 1 });
    assert.match(
      await call('task_create', { items: ['Write the test'] }),
      /#2 Write the test/,
      'a done item may return',
    );
  });

  test('ids are never reused, not even after the highest is deleted', async () => {
    const { call } = tools();
    await call('task_create', { items: ['a', 'b'] });
    await call('task_delete', { id: 2 });
    await call('task_delete', { id: 1 });
    assert.equal(await call('task_create', { items: ['c'] }), '<tasks>\n- [pending] #3 c\n</tasks>');
  });

  test('an unknown id, or a bad argument, is an Error observation and changes nothing', async () => {
    const { call, list } = tools();
    assert.equal(await call('task_completed', { id: 1 }), 'Error: no task #1; the list is empty');
    await call('task_create', { items: ['a', 'b'] });
    assert.equal(await call('task_in_progress', { id: 9 }), 'Error: no task #9; the list has #1, #2');
    assert.match(await call('task_delete', { id: 'one' }), /^Error: .*id/);
    assert.match(await call('task_create', { items: 'a, b' }), /^Error: .*items/);
    assert.equal(list.tasks.length, 2);
  });

  test('two items in progress earn a note after the list (which still parses)', async () => {
    const { call } = tools();
    await call('task_create', { items: ['a', 'b'] });
    await call('task_in_progress', { id: 1 });
    const answer = await call('task_in_progress', { id: 2 });
    assert.ok(answer.endsWith('</tasks>\nNote: 2 items are in progress; keep exactly one.'));
    assert.deepEqual(parseTasks(answer), [
      { id: 1, status: 'in_progress', text: 'a' },
      { id: 2, status: 'in_progress', text: 'b' },
    ]);
  });

  test('renderTasks and parseTasks are inverses; errors and other text do not parse', () => {
    const tasks = [
      { id: 4, status: 'completed' as const, text: 'a [pending] #9 trick' },
      { id: 7, status: 'pending' as const, text: 'b' },
    ];
    assert.deepEqual(parseTasks(renderTasks(tasks)), tasks);
    assert.deepEqual(parseTasks(renderTasks([])), []);
    assert.equal(parseTasks('Error: no task #1; the list is empty'), undefined);
    assert.equal(parseTasks('<tasks>\n- [done] #1 a\n</tasks>'), undefined);
  });
});
