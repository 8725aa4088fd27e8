// Permission modes as a person sees them (issue 24, "Modes"): plan mode
// refuses edits and commands that change anything and presents a plan to
// approve; approving it in accept-edits lets the edits run in the same turn;
// accept-edits edits without asking but asks for bash; Shift+Tab switches the
// mode shown in the status line, and --continue brings the mode back; a
// project's file cannot turn the questions off (permissionMode: bypass), and
// bypass still asks for a control file.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { assistantUnderTmux, messages, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

/** The tool results the request carries, in order. */
const toolResults = (r: RecordedRequest) =>
  messages(r)
    .filter((m) => m.role === 'tool')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

const EDIT = { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } };

test('plan mode refuses an edit and a command, presents the plan; approving it runs the edit in the same turn', {
  skip,
}, async () => {
  const { tmux, root, server } = await open(
    (r) => {
      const done = toolResults(r).length;
      if (done === 0) return { toolCalls: [EDIT, { name: 'bash', arguments: { command: 'touch marker' } }] };
      if (done === 2)
        return {
          toolCalls: [
            { name: 'present_plan', arguments: { plan: '1. Change **draft** to final in notes.txt' } },
          ],
        };
      if (done === 3) return { toolCalls: [EDIT] };
      return { text: 'plan carried out' };
    },
    ['--permission-mode', 'plan'],
  );
  await writeFile(join(root, 'notes.txt'), 'title\ndraft\nend\n');
  await tmux.waitFor('plan mode ·');
  tmux.type('finish the notes');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('approve this plan?');
  assert.match(screen, /plan for approval:/);
  assert.match(screen, /Change draft to final in notes\.txt/);
  // Both calls were refused with the reason, before the plan: nothing changed.
  const refused = toolResults(server.modelCalls[1] as RecordedRequest);
  assert.equal(refused.length, 2);
  for (const text of refused) assert.match(text, /plan mode is read-only.*present_plan/);
  assert.equal(existsSync(join(root, 'marker')), false);
  assert.equal(await readFile(join(root, 'notes.txt'), 'utf8'), 'title\ndraft\nend\n');
  // The model was told it is in plan mode with the prompt.
  assert.match(JSON.stringify(messages(server.modelCalls[0])), /plan mode: it is read-only/);
  tmux.keys('Enter'); // the first choice: yes, and accept edits
  await tmux.waitFor('plan carried out');
  const after = await tmux.waitFor('accept-edits mode ·');
  assert.doesNotMatch(after, /y yes · n no/);
  assert.equal(await readFile(join(root, 'notes.txt'), 'utf8'), 'title\nfinal\nend\n');
  assert.match(
    toolResults(server.modelCalls[3] as RecordedRequest)[2] ?? '',
    /approved the plan.*accept-edits/,
  );
});

test('a plan the person wants changed goes back to the model as feedback, still in plan mode', {
  skip,
}, async () => {
  const { tmux, server } = await open(
    (r) =>
      toolResults(r).length === 0
        ? { toolCalls: [{ name: 'present_plan', arguments: { plan: 'rewrite everything' } }] }
        : { text: 'revising' },
    ['--permission-mode', 'plan'],
  );
  tmux.type('plan it');
  tmux.keys('Enter');
  await tmux.waitFor('approve this plan?');
  tmux.keys('Down', 'Down', 'Enter');
  await tmux.waitFor('what should change in the plan?');
  tmux.type('only the tests');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('revising');
  assert.match(screen, /plan mode ·/);
  assert.match(
    toolResults(server.modelCalls[1] as RecordedRequest)[0] ?? '',
    /wants the plan changed: only the tests/,
  );
});

test('accept-edits edits without asking but asks before bash', { skip }, async () => {
  const { tmux, root } = await open(
    (r) => {
      const done = toolResults(r).length;
      if (done === 0) return { toolCalls: [EDIT] };
      if (done === 1) return { toolCalls: [{ name: 'bash', arguments: { command: 'touch marker' } }] };
      return { text: 'all done' };
    },
    ['--permission-mode', 'accept-edits'],
  );
  await writeFile(join(root, 'notes.txt'), 'title\ndraft\nend\n');
  tmux.type('finish the notes');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('y yes · n no');
  assert.match(screen, /touch marker/);
  assert.equal(await readFile(join(root, 'notes.txt'), 'utf8'), 'title\nfinal\nend\n');
  tmux.keys('n');
  await tmux.waitFor('reason for the model');
  tmux.keys('Enter');
  await tmux.waitFor('all done');
  assert.equal(existsSync(join(root, 'marker')), false);
});

test('Shift+Tab switches the mode in the status line; the model is told; --continue brings the mode back', {
  skip,
}, async () => {
  const first = await open(() => ({ text: 'noted' }));
  await first.tmux.waitFor('default mode ·');
  first.tmux.keys('BTab');
  await first.tmux.waitFor('accept-edits mode ·');
  first.tmux.keys('BTab');
  await first.tmux.waitFor('plan mode ·');
  first.tmux.type('look around');
  first.tmux.keys('Enter');
  await first.tmux.waitFor('noted');
  assert.match(JSON.stringify(messages(first.server.modelCalls[0])), /plan mode: it is read-only/);
  first.tmux.keys('C-d');
  await first.tmux.waitFor('[exit 0]');
  const again = await open(() => ({ text: 'unused' }), ['--continue'], first);
  await again.tmux.waitFor('continued session');
  await again.tmux.waitFor('plan mode ·');
  again.tmux.keys('BTab');
  await again.tmux.waitFor('default mode ·');
});

test("a trusted project's permissionMode: bypass does not turn the questions off (no marker file)", {
  skip,
}, async () => {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const root = await mkdtemp(join(tmpdir(), 'kodama-tui-'));
  const home = join(root, '.home');
  await mkdir(join(root, '.kodama'), { recursive: true });
  await writeFile(join(root, '.kodama', 'config.json'), JSON.stringify({ permissionMode: 'bypass' }));
  const { tmux } = await open(
    (r) =>
      toolResults(r).length === 0
        ? { toolCalls: [{ name: 'bash', arguments: { command: 'touch marker' } }] }
        : { text: 'stopped' },
    ['--trust'],
    { root, home },
  );
  await tmux.waitFor('default mode ·');
  tmux.type('go');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('n');
  await tmux.waitFor('reason for the model');
  tmux.keys('Enter');
  await tmux.waitFor('stopped');
  assert.equal(existsSync(join(root, 'marker')), false);
});

test('bypass runs a command without asking but still asks before a control file', { skip }, async () => {
  const { tmux, root } = await open(
    (r) => {
      const done = toolResults(r).length;
      if (done === 0) return { toolCalls: [{ name: 'bash', arguments: { command: 'touch ordinary' } }] };
      if (done === 1)
        return { toolCalls: [{ name: 'write', arguments: { path: '.mcp.json', content: '{}' } }] };
      return { text: 'finished' };
    },
    ['--permission-mode', 'bypass'],
  );
  await tmux.waitFor('bypass mode ·');
  tmux.type('go');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('y yes · n no');
  assert.match(screen, /\.mcp\.json/);
  assert.equal(existsSync(join(root, 'ordinary')), true);
  tmux.keys('n');
  await tmux.waitFor('reason for the model');
  tmux.keys('Enter');
  await tmux.waitFor('finished');
  assert.equal(existsSync(join(root, '.mcp.json')), false);
});
