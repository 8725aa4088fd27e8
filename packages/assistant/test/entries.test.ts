// The transcript's pieces without a terminal: tool lines folded and
// expanded, diffs, the status line, the task list, the theme choice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DiffEntry,
  describeCall,
  plainTheme,
  StatusLine,
  TaskListEntry,
  ToolEntry,
  Transcript,
  themeFor,
  unifiedDiff,
  widthOf,
} from '../src/internal.ts';

test('a tool call is one line; its result folds to one line and unfolds', () => {
  const entry = new ToolEntry('c1', 'read', describeCall('read', '{"path":"src/app.ts"}'), plainTheme);
  assert.deepEqual(entry.render(60), ['● read src/app.ts']);
  entry.finish('ok', '     1\tline 1\n     2\tline 2\n     3\tline 3\n');
  assert.deepEqual(entry.render(60), ['● read src/app.ts', '  ⎿ 3 lines']);
  entry.setExpanded(true);
  assert.deepEqual(entry.render(60), [
    '● read src/app.ts',
    '  ⎿      1    line 1', // a tab is drawn as spaces
    '         2    line 2',
    '         3    line 3',
  ]);
  // The output's shape decides, not the name: numbered lines from any tool fold to a count, other text to its first line.
  const mcpRead = new ToolEntry('c4', 'fs_cat', describeCall('fs_cat', '{"path":"a.ts"}'), plainTheme);
  mcpRead.finish('ok', '     1\tx\n     2\ty\n\n[... stopped at line 2 by the limit]');
  assert.deepEqual(mcpRead.render(60), ['● fs_cat a.ts', '  ⎿ 2 lines']);
  const empty = new ToolEntry('c5', 'read', describeCall('read', '{"path":"e.ts"}'), plainTheme);
  empty.finish('ok', 'e.ts is empty');
  assert.deepEqual(empty.render(60), ['● read e.ts', '  ⎿ e.ts is empty']);
  const bash = new ToolEntry('c2', 'bash', describeCall('bash', '{"command":"npm test"}'), plainTheme);
  bash.finish('error', 'FAIL one\nFAIL two');
  assert.deepEqual(bash.render(60), ['● bash npm test', '  ⎿ error: FAIL one (+1 lines)']);
  // A refusal already says `Error:`: it is not prefixed again.
  const refused = new ToolEntry('c3', 'bash', describeCall('bash', '{"command":"rm x"}'), plainTheme);
  refused.finish('error', 'Error: denied by the rule bash(rm:*)');
  assert.deepEqual(refused.render(60), ['● bash rm x', '  ⎿ Error: denied by the rule bash(rm:*)']);
});

test('a change is drawn as a unified diff', () => {
  const diff = unifiedDiff('a\nb\nc\n', 'a\nB\nc\n');
  assert.equal(diff, '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c');
  assert.deepEqual(new DiffEntry('edit x.txt', diff, plainTheme).render(40), [
    '● edit x.txt',
    '  @@ -1,3 +1,3 @@',
    '   a',
    '  -b',
    '  +B',
    '   c',
  ]);
  assert.equal(unifiedDiff(undefined, 'new\n'), '@@ -0,0 +1,1 @@\n+new');
});

test('a long diff line wraps with every character kept; a folded diff unfolds', () => {
  const long = `+abcdefghi${'0123456789'.repeat(2)}123456789日本`;
  assert.deepEqual(new DiffEntry('edit x.txt', long, plainTheme).render(13), [
    '● edit x.txt',
    '  +abcdefghi',
    '   0123456789',
    '   0123456789',
    '   123456789',
    '   日本', // a wide character never straddles the edge
  ]);
  const folded = new DiffEntry('write y.txt', '@@ -0,0 +1,3 @@\n+a\n+b\n+c', plainTheme, 2);
  assert.deepEqual(folded.render(40), [
    '● write y.txt',
    '  @@ -0,0 +1,3 @@',
    '  +a',
    '  … 2 more lines (Ctrl+O shows all)',
  ]);
  folded.setExpanded(true);
  assert.equal(folded.render(40).length, 5);
});

test('the status line: model, ctx used/window, tokens, cost, session, and a spinner with the elapsed time', () => {
  let now = 10_000;
  const status = new StatusLine(
    {
      model: 'openai:gpt-5',
      contextTokens: 12_200,
      contextWindow: 32_000,
      inputTokens: 1234,
      outputTokens: 56,
      costUsd: 0.0123,
      sessionId: 's1',
      busySince: undefined,
    },
    plainTheme,
    () => now,
  );
  assert.deepEqual(status.render(200), [
    'openai:gpt-5 · ctx 12.2k/32.0k · ↑1234 ↓56 tok · $0.0123 · session s1',
  ]);
  status.update({ busySince: 7_500 });
  assert.match(status.render(200)[0] ?? '', /^⠴ working 2\.5s · openai:gpt-5/);
  now = 7_600;
  assert.match(status.render(30)[0] ?? '', /^⠙ working 0\.1s/);
  assert.ok(widthOf(status.render(30)[0] ?? '') <= 30);
});

test('the task list shows each task with its state', () => {
  const list = new TaskListEntry(plainTheme);
  assert.deepEqual(list.render(40), []);
  list.set([
    { id: 1, text: 'read the code', status: 'completed' },
    { id: 2, text: 'fix the bug', status: 'in_progress' },
    { id: 3, text: 'run the tests', status: 'pending' },
  ]);
  assert.deepEqual(list.render(40), ['Tasks', '  ☒ read the code', '  ◐ fix the bug', '  ☐ run the tests']);
});

test('the transcript follows the main agent’s events and skips sub-agents’', () => {
  const t = new Transcript(plainTheme);
  const base = { agentId: '', turnId: 't' };
  t.user('hi');
  t.onEvent({ ...base, type: 'reasoning-delta', text: 'let me think' });
  t.onEvent({ ...base, type: 'reasoning', text: 'let me think' });
  t.onEvent({ ...base, type: 'assistant-delta', text: 'Hello **there**' });
  t.onEvent({ ...base, agentId: 'researcher 0', type: 'assistant-delta', text: 'not shown' });
  t.onEvent({ ...base, type: 'assistant', text: 'Hello **there**' });
  t.onEvent({ ...base, type: 'cancelled' });
  assert.deepEqual(t.render(60), [
    '',
    '› hi',
    '',
    '∴ thought for 1 line (ctrl+t to expand)',
    '',
    'Hello there',
    '',
    '  cancelled: the conversation is kept; ask again or go on',
  ]);
});

test('colours only on a terminal, and never with NO_COLOR', () => {
  assert.equal(themeFor({ isTTY: true }, {}).colour, true);
  assert.equal(themeFor({ isTTY: false }, {}).colour, false);
  assert.equal(themeFor({ isTTY: true }, { NO_COLOR: '1' }).colour, false);
  assert.equal(themeFor({ isTTY: false }, { FORCE_COLOR: '1' }).colour, true);
});

test('each reasoning folds on its own: streaming shows its latest lines, the answer folds it, Ctrl+T unfolds the latest', () => {
  const t = new Transcript(plainTheme);
  const base = { agentId: '', turnId: 't' };
  const think = (text: string, answer: string) => {
    t.onEvent({ ...base, type: 'reasoning-delta', text });
    const streaming = t.render(60);
    t.onEvent({ ...base, type: 'assistant-delta', text: answer });
    const answering = t.render(60);
    t.onEvent({ ...base, type: 'reasoning', text });
    t.onEvent({ ...base, type: 'assistant', text: answer });
    return { streaming, answering };
  };
  const lines = Array.from({ length: 8 }, (_, i) => `step ${i + 1}`).join('\n');
  const first = think(lines, 'First answer.');
  assert.deepEqual(
    first.streaming.filter((l) => l.startsWith('∴')),
    ['∴ step 3', '∴ step 4', '∴ step 5', '∴ step 6', '∴ step 7', '∴ step 8'],
    'while it streams: its latest lines',
  );
  assert.ok(first.answering.includes('∴ thought for 8 lines (ctrl+t to expand)'), 'the answer folds it');
  think('a second thought', 'Second answer.');
  const folded = t.render(60).filter((l) => l.startsWith('∴'));
  assert.deepEqual(folded, [
    '∴ thought for 8 lines (ctrl+t to expand)',
    '∴ thought for 1 line (ctrl+t to expand)',
  ]);
  assert.equal(t.toggleLatestReasoning(), true);
  assert.deepEqual(
    t.render(60).filter((l) => l.startsWith('∴')),
    ['∴ thought for 8 lines (ctrl+t to expand)', '∴ a second thought'],
    'only the latest unfolds',
  );
  t.toggleLatestReasoning();
  assert.deepEqual(
    t.render(60).filter((l) => l.startsWith('∴')),
    folded,
    'and folds back',
  );
  t.setExpanded(true);
  assert.equal(t.render(60).filter((l) => l.startsWith('∴')).length, 9, 'Ctrl+O unfolds them all');
  assert.equal(new Transcript(plainTheme).toggleLatestReasoning(), false);
});

test('a continued session draws the stored reasoning folded', () => {
  const t = new Transcript(plainTheme);
  t.replay([
    { id: 'u', kind: 'user', message: { role: 'user', content: 'why?' } },
    {
      id: 'a',
      kind: 'assistant',
      message: { role: 'assistant', text: 'Because.', reasoning: 'a\nb', toolCalls: [] },
    },
  ] as unknown as Parameters<Transcript['replay']>[0]);
  assert.deepEqual(t.render(60), [
    '',
    '› why?',
    '',
    '∴ thought for 2 lines (ctrl+t to expand)',
    '',
    'Because.',
  ]);
});

test('a delegation names the persona and the task (the agent tool takes name and task)', () => {
  assert.equal(
    describeCall('agent', '{"name":"researcher","task":"find the release date"}'),
    'agent researcher: find the release date',
  );
  assert.equal(describeCall('agent', '{"name":"researcher"}'), 'agent researcher');
});
