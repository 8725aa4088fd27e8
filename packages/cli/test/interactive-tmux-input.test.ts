// The assistant end to end under tmux, the input side: `!command` runs in
// the shell with its output streamed and then shown to the model; `@file`
// attaches a file; the project's permission rules allow a command without
// asking and deny another before it runs; reasoning folds and Ctrl+T unfolds it.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { assistantUnderTmux, last, messages, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

test('!command streams its output live; the model sees it with the next prompt', { skip }, async () => {
  const { tmux, server, root } = await open(() => ({ text: 'noted' }));
  // The command prints, then waits for a file the test writes once the first line shows: live, not at the end.
  tmux.type('!echo first-line; until [ -e go ]; do sleep 0.1; done; echo second-line');
  tmux.keys('Enter');
  const live = await tmux.waitFor(/● ! echo first-line.*\n\s+⎿ first-line\n/);
  assert.doesNotMatch(live, /⎿.*second-line|exit code/);
  await writeFile(join(root, 'go'), '');
  await tmux.waitFor(/⎿ first-line \(\+2 lines\)/);
  await tmux.waitIdle();
  tmux.type('what did it print?');
  tmux.keys('Enter');
  await tmux.waitFor('noted');
  const sent = last(server.modelCalls[0]!).text;
  assert.match(sent, /first-line\nsecond-line/);
  assert.match(sent, /exit code 0/);
  assert.match(sent, /what did it print\?/);
});

test('@file attaches the file to the prompt', { skip }, async () => {
  const { tmux, server, root } = await open(() => ({ text: 'read it' }));
  await writeFile(join(root, 'notes.txt'), 'the secret word is kumquat\n');
  tmux.type('explain @notes.txt please');
  // The file list closes once the word after the path is typed; Enter then sends.
  await tmux.waitFor(
    (s) => s.includes('please') && !s.includes('→ '),
    undefined,
    () => tmux.visible(),
  );
  tmux.keys('Enter');
  await tmux.waitFor('attached: notes.txt');
  await tmux.waitFor('read it');
  const sent = JSON.stringify(messages(server.modelCalls[0]));
  assert.match(sent, /explain @notes\.txt please/);
  assert.match(sent, /<file path=\\"notes\.txt\\">\\nthe secret word is kumquat/);
});

test('permission rules of .kodama/config.json: an allowed command runs without asking, a denied one never runs nor asks', {
  skip,
}, async () => {
  const { tmux, server, root } = await open(
    (r) => {
      if (r.callIndex === 0)
        return { toolCalls: [{ name: 'bash', arguments: { command: 'echo allowed-ran' } }] };
      if (r.callIndex === 1)
        return { toolCalls: [{ name: 'bash', arguments: { command: 'touch denied-ran' } }] };
      return { text: `done: ${last(r).text.slice(0, 80)}` };
    },
    ['--trust'],
    await withRules(),
  );
  await tmux.waitFor('permission rules from .kodama/config.json: allow bash(echo:*); deny bash(touch:*)');
  tmux.type('go');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('done:');
  assert.doesNotMatch(screen, /y yes · n no/);
  assert.match(last(server.modelCalls[1]!).text, /allowed-ran/);
  // A denied call is refused by its rule, without a question (and echo's output brought no taint).
  assert.match(
    last(server.modelCalls[2]!).text,
    /the permission rule "bash\(touch:\*\)" .* denies this call; it was not run/,
  );
  await assert.rejects(import('node:fs/promises').then((fs) => fs.stat(join(root, 'denied-ran'))));
});

/** A project whose .kodama/config.json allows `echo` and denies `touch` (its allow rule applies with --trust). */
async function withRules(): Promise<{ root: string; home: string }> {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const root = await mkdtemp(join(tmpdir(), 'kodama-rules-'));
  await mkdir(join(root, '.kodama'));
  await writeFile(
    join(root, '.kodama', 'config.json'),
    JSON.stringify({ permissions: { allow: ['bash(echo:*)'], deny: ['bash(touch:*)'] } }),
  );
  return { root, home: join(root, '.home') };
}

test("bash's output streams under its tool line while it runs", { skip }, async () => {
  const command = 'echo live-one; until [ -e go ]; do sleep 0.1; done; echo live-two';
  const { tmux, root } = await open(
    (r) => (last(r).tool ? { text: 'all done' } : { toolCalls: [{ name: 'bash', arguments: { command } }] }),
    ['--yes'],
  );
  tmux.type('run it');
  tmux.keys('Enter');
  const live = await tmux.waitFor(/● bash echo live-one.*\n\s+⎿ live-one\n/);
  assert.doesNotMatch(live, /⎿.*live-two|all done/);
  await writeFile(join(root, 'go'), '');
  const done = await tmux.waitFor('all done');
  assert.match(done, /⎿ live-one \(\+2 lines\)/);
});

test('reasoning folds to one line once the answer comes; Ctrl+T unfolds the latest and folds it back', {
  skip,
}, async () => {
  const { tmux } = await open(() => ({
    reasoning: 'first I look at the question\nthen I weigh kumquats',
    text: 'The answer is kumquat.',
  }));
  tmux.type('think about it');
  tmux.keys('Enter');
  await tmux.waitFor('The answer is kumquat.');
  const idle = await tmux.waitIdle();
  assert.match(idle, /∴ thought for 2 lines \(ctrl\+t to expand\)\n\s*\n\s*The answer is kumquat\./);
  assert.doesNotMatch(idle, /weigh kumquats/);
  tmux.keys('C-t');
  await tmux.waitFor(/∴ first I look at the question\n∴ then I weigh kumquats/, undefined, () =>
    tmux.visible(),
  );
  tmux.keys('C-t');
  await tmux.waitFor(
    (s) => s.includes('∴ thought for 2 lines') && !s.includes('weigh kumquats'),
    undefined,
    () => tmux.visible(),
  );
});
