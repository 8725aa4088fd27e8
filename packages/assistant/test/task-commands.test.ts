// `/tasks`: one line per background task, commands and sub-agents alike
// (id, status, runtime, unread lines, what it runs), and the kill hint only
// while one runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BackgroundControl, BackgroundTaskView } from '../src/app/assistant-options.ts';
import { tasksReport } from '../src/commands/task-commands.ts';

const control = (tasks: BackgroundTaskView[]): BackgroundControl => ({
  list: () => tasks,
  kill: async () => undefined,
  moveToBackground: () => [],
  running: tasks.filter((t) => t.running).length,
  onChange: () => () => {},
});

test('commands and sub-agents share the list; a sub-agent says so, with its persona and task', () => {
  const report = tasksReport(
    control([
      {
        id: 'bash-1',
        kind: 'command',
        label: 'npm run dev',
        status: 'running',
        runtime: '12s',
        newLines: 3,
        running: true,
      },
      {
        id: 'agent-1',
        kind: 'agent',
        label: `researcher: find the release date of ${'x'.repeat(80)}`,
        status: 'running',
        runtime: '4s',
        newLines: 0,
        running: true,
      },
      {
        id: 'agent-2',
        kind: 'agent',
        label: 'file_miner: list\nthe files',
        status: 'done',
        runtime: '1m05s',
        newLines: 0,
        running: false,
      },
    ]),
  );
  const lines = report.split('\n');
  assert.equal(lines[0], 'bash-1  running · 12s · 3 new lines  npm run dev');
  assert.match(
    lines[1] ?? '',
    /^agent-1 {2}running · 4s {2}sub-agent researcher: find the release date of x+…$/,
  );
  assert.equal((lines[1] ?? '').length, 'agent-1  running · 4s  sub-agent '.length + 60);
  assert.equal(lines[2], 'agent-2  done · 1m05s  sub-agent file_miner: list the files');
  assert.equal(lines[3], '/tasks kill <id> ends one');
});

test('nothing running: no kill hint; nothing at all: how one starts', () => {
  const done = tasksReport(
    control([
      {
        id: 'agent-1',
        kind: 'agent',
        label: 'x: y',
        status: 'killed',
        runtime: '2s',
        newLines: 0,
        running: false,
      },
    ]),
  );
  assert.equal(done, 'agent-1  killed · 2s  sub-agent x: y');
  assert.equal(
    tasksReport(undefined),
    'no background tasks (bash run_in_background starts a command; the agent tool with background: true, a sub-agent)',
  );
});
