// The assistant end to end: the real `kodama` in a real terminal (tmux), the
// real model layer over HTTP against testkit's scripted server. Keys go in
// with send-keys; the screen is read with capture-pane, polled until the
// expected text shows. Without tmux these tests skip, except under CI, where
// they fail (.ci/run installs tmux).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { assistantUnderTmux, last, messages, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

test('a streamed Markdown answer with a code block; the status line counts the usage testkit reported', {
  skip,
}, async () => {
  const { tmux } = await open(() => ({
    text: '# Plan\n\nRun this:\n\n```ts\nconst answer = 42;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    usage: { inputTokens: 1234, outputTokens: 56 },
  }));
  tmux.type('show me');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('↑1234 ↓56 tok');
  assert.match(screen, /# Plan/);
  assert.match(screen, /── ts/);
  assert.match(screen, /const answer = 42;/);
  assert.match(screen, /│ 1 +│ 2 +│/);
  assert.doesNotMatch(screen, /```/);
});

test('a tool call is one line with its result folded under it', { skip }, async () => {
  const { tmux } = await open((r) =>
    last(r).tool
      ? { text: 'It is 391.' }
      : { toolCalls: [{ name: 'calculator', arguments: { expression: '17 * 23' } }] },
  );
  tmux.type('what is 17 * 23?');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('It is 391.');
  assert.match(screen, /● calculator 17 \* 23\n\s+⎿ 391/);
});

for (const answer of ['y', 'n'] as const) {
  test(`an edit is shown as a diff before it runs; ${answer === 'y' ? 'y changes the file' : 'n leaves it unchanged'}`, {
    skip,
  }, async () => {
    const { tmux, root, server } = await open((r) =>
      last(r).tool
        ? { text: `finished: ${last(r).text.slice(0, 40)}` }
        : {
            toolCalls: [
              { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } },
            ],
          },
    );
    await writeFile(join(root, 'notes.txt'), 'title\ndraft\nend\n');
    tmux.type('finish the notes');
    tmux.keys('Enter');
    const screen = await tmux.waitFor('y yes · n no');
    assert.match(screen, /edit notes\.txt \(\+1 -1\)/);
    assert.match(screen, /-draft\n\s+\+final/);
    tmux.keys(answer);
    if (answer === 'n') {
      await tmux.waitFor('reason for the model');
      tmux.keys('Enter');
    }
    await tmux.waitFor('finished:');
    const text = await readFile(join(root, 'notes.txt'), 'utf8');
    assert.equal(text, answer === 'y' ? 'title\nfinal\nend\n' : 'title\ndraft\nend\n');
    if (answer === 'n') assert.match(last(server.modelCalls[1]!).text, /declined/);
  });
}

test('Ctrl+C during a slow tool cancels the turn; the conversation goes on', { skip }, async () => {
  const { tmux } = await open((r) => {
    const { text, tool } = last(r);
    if (text.includes('second question')) return { text: 'second answer' };
    if (tool) return { text: 'the slow tool finished' };
    return { toolCalls: [{ name: 'bash', arguments: { command: 'sleep 60' } }] };
  });
  tmux.type('run the slow thing');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor(/● bash sleep 60\n/);
  tmux.keys('C-c');
  await tmux.waitFor('cancelled');
  await tmux.waitIdle();
  tmux.type('second question');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('second answer');
  assert.doesNotMatch(screen, /the slow tool finished/);
});

test('a steering message typed while a tool runs reaches the very next model request', { skip }, async () => {
  // The tool waits for a file the test writes once the message shows as queued: no race with a timer.
  const command = 'until [ -e go ]; do sleep 0.1; done';
  const { tmux, server, root } = await open((r) =>
    last(r).tool || r.callIndex > 0
      ? { text: 'adjusted as you said' }
      : { toolCalls: [{ name: 'bash', arguments: { command } }] },
  );
  tmux.type('start working');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor(/● bash until \[ -e go \]/);
  tmux.type('use tabs, not spaces');
  tmux.keys('Enter');
  await tmux.waitFor('queued: use tabs, not spaces');
  await writeFile(join(root, 'go'), '');
  await tmux.waitFor('adjusted as you said');
  const second = messages(server.modelCalls[1]);
  const toolAt = second.findIndex((m) => m.role === 'tool');
  const steerAt = second.findIndex(
    (m) => m.role === 'user' && JSON.stringify(m.content).includes('use tabs, not spaces'),
  );
  assert.ok(toolAt >= 0 && steerAt > toolAt, JSON.stringify(second));
  assert.equal(server.modelCalls.length, 2);
});

test('/clear starts a new session; after quitting, kodama --continue shows the latest conversation', {
  skip,
}, async () => {
  const first = await open((r) => ({ text: `answer to ${last(r).text}` }));
  first.tmux.type('remember apples');
  first.tmux.keys('Enter');
  await first.tmux.waitFor('answer to remember apples');
  await first.tmux.waitIdle();
  first.tmux.type('/clear');
  first.tmux.keys('Enter');
  await first.tmux.waitFor('cleared; new session');
  await first.tmux.waitIdle();
  first.tmux.type('after the clear');
  first.tmux.keys('Enter');
  await first.tmux.waitFor('answer to after the clear');
  await first.tmux.waitIdle();
  // The model saw nothing of the first conversation after /clear.
  assert.doesNotMatch(JSON.stringify(messages(first.server.modelCalls[1])), /apples/);
  first.tmux.keys('C-d');
  await first.tmux.waitFor('[exit 0]');
  const again = await open(() => ({ text: 'unused' }), ['--continue'], first);
  const screen = await again.tmux.waitFor('continued session');
  assert.match(screen, /› after the clear/);
  assert.match(screen, /answer to after the clear/);
  assert.doesNotMatch(screen, /remember apples/);
});

test('a model error shows its cause and the fix on screen, as -p says it (not a bare "please retry")', {
  skip,
}, async () => {
  const { tmux } = await open(() => ({ fault: 'http', status: 401 }));
  tmux.type('hello');
  tmux.keys('Enter');
  // The adapter's hint: which key to set (an openai-compatible target reads OPENAI_COMPATIBLE_API_KEY).
  const screen = await tmux.waitFor('pick another --model');
  assert.match(screen, /error: model call failed: openai-compatible answered HTTP 401/);
  assert.match(screen, /OPENAI_COMPATIBLE_API_KEY/);
  assert.doesNotMatch(screen, /I hit an error while generating a response/);
});

test('a fresh screen says how to begin; a prompt then goes on as usual', { skip }, async () => {
  const { tmux } = await open(() => ({ text: 'Hello there.' }));
  const first = await tmux.waitFor('/help lists commands');
  assert.match(
    first,
    /type a request · \/help lists commands · @file attaches · !cmd runs in a shell · Ctrl\+D quits/,
  );
  tmux.type('hi');
  tmux.keys('Enter');
  await tmux.waitFor('Hello there.');
});

test('Esc at a permission question declines the call and cancels the turn, as the docs say', {
  skip,
}, async () => {
  const { tmux, server, root } = await open((r) =>
    last(r).tool
      ? { text: 'the model went on' }
      : { toolCalls: [{ name: 'bash', arguments: { command: 'touch esc-marker' } }] },
  );
  tmux.type('make the marker');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('Escape');
  await tmux.waitFor('cancelled');
  await tmux.waitIdle();
  const screen = tmux.screen();
  assert.doesNotMatch(screen, /the model went on/);
  assert.equal(server.modelCalls.length, 1, 'no model request after the cancel');
  await assert.rejects(readFile(join(root, 'esc-marker')), /ENOENT/);
});
