// The assistant end to end under tmux, the session side: /undo and /rewind
// put files (and the conversation) back after showing what they will do,
// with and without --yes; /model switches mid-conversation; a resize
// redraws without garbling; kodama --resume without an id offers a list.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { scriptedServers } from './support/scripted-servers.ts';
import { assistantUnderTmux, last, messages, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();
const serve = scriptedServers();

const EDIT = {
  toolCalls: [{ name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } }],
};

test('/undo after an edit shows the change it will undo, then restores the file', { skip }, async () => {
  const { tmux, root } = await open((r) => (last(r).tool ? { text: 'edited it' } : EDIT));
  const notes = join(root, 'notes.txt');
  await writeFile(notes, 'title\ndraft\nend\n');
  tmux.type('finish the notes');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor('edited it');
  await tmux.waitIdle();
  assert.equal(await readFile(notes, 'utf8'), 'title\nfinal\nend\n');
  tmux.type('/undo');
  tmux.keys('Enter');
  const preview = await tmux.waitFor('y yes · n no');
  assert.match(preview, /undo turn "finish the notes": notes\.txt/);
  assert.match(preview, /-final\n\s+\+draft/);
  // Nothing changes before the answer.
  assert.equal(await readFile(notes, 'utf8'), 'title\nfinal\nend\n');
  tmux.keys('y');
  await tmux.waitFor('restored notes.txt');
  assert.equal(await readFile(notes, 'utf8'), 'title\ndraft\nend\n');
  await tmux.waitIdle();
  tmux.type('/undo');
  tmux.keys('Enter');
  await tmux.waitFor('nothing to undo');
});

test('/undo works with --yes too: a file the agent created is deleted', { skip }, async () => {
  const { tmux, root } = await open(
    (r) =>
      last(r).tool
        ? { text: 'made it' }
        : { toolCalls: [{ name: 'write', arguments: { path: 'made.txt', content: 'new\n' } }] },
    ['--yes'],
  );
  tmux.type('make a file');
  tmux.keys('Enter');
  await tmux.waitFor('made it');
  await tmux.waitIdle();
  assert.equal(await readFile(join(root, 'made.txt'), 'utf8'), 'new\n');
  tmux.type('/undo');
  tmux.keys('Enter');
  const preview = await tmux.waitFor('y yes · n no');
  assert.match(preview, /made\.txt: delete \(the agent created it\)/);
  tmux.keys('y');
  await tmux.waitFor('restored made.txt');
  await assert.rejects(readFile(join(root, 'made.txt')), { code: 'ENOENT' });
});

test('/rewind goes back to before a prompt: files restored, later messages dropped, the prompt back in the input', {
  skip,
}, async () => {
  const { tmux, root, server } = await open((r) => {
    if (r.callIndex === 0) return EDIT;
    if (r.callIndex === 1) return { text: 'edited it' };
    if (r.callIndex === 2) return { text: 'you are welcome' };
    return { text: 'a fresh start' };
  });
  const notes = join(root, 'notes.txt');
  await writeFile(notes, 'title\ndraft\nend\n');
  tmux.type('finish the notes');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor('edited it');
  await tmux.waitIdle();
  tmux.type('thanks');
  tmux.keys('Enter');
  await tmux.waitFor('you are welcome');
  await tmux.waitIdle();
  tmux.type('/rewind 1');
  tmux.keys('Enter');
  const preview = await tmux.waitFor('y yes · n no');
  assert.match(preview, /rewind to before "finish the notes": drop 6 messages, restore notes\.txt/);
  tmux.keys('y');
  await tmux.waitFor('rewound to before "finish the notes"');
  assert.equal(await readFile(notes, 'utf8'), 'title\ndraft\nend\n');
  // The prompt is back in the input: Enter sends it on a conversation that holds nothing of the dropped turns.
  tmux.keys('Enter');
  await tmux.waitFor('a fresh start');
  const sent = messages(server.modelCalls.at(-1));
  assert.deepEqual(
    sent.filter((m) => m.role !== 'system').map((m) => m.role),
    ['user'],
  );
  assert.match(JSON.stringify(sent), /finish the notes/);
});

test('/model switches the model from the next turn on; the conversation goes on', { skip }, async () => {
  const second = await serve((r) => ({ text: `second model saw ${messages(r).length} messages` }));
  const { tmux, server } = await open(() => ({ text: 'first model here' }));
  tmux.type('hello');
  tmux.keys('Enter');
  await tmux.waitFor('first model here');
  await tmux.waitIdle();
  tmux.type(`/model openai-compatible:${second.url}/v1`);
  tmux.keys('Enter');
  await tmux.waitFor('from the next turn on');
  await tmux.waitIdle();
  tmux.type('and now?');
  tmux.keys('Enter');
  // system, hello, first answer, and now?
  await tmux.waitFor('second model saw 4 messages');
  assert.equal(server.modelCalls.length, 1);
  assert.equal(second.modelCalls.length, 1);
  assert.match(JSON.stringify(messages(second.modelCalls[0])), /first model here/);
});

test('/compact after /model summarises with the new model, not the one before the switch', {
  skip,
}, async () => {
  const second = await serve(() => ({ text: 'Summary: two greetings so far.' }));
  const { tmux, server } = await open((r) => ({ text: `answer ${r.callIndex}` }));
  for (const prompt of ['hello', 'hello again']) {
    tmux.type(prompt);
    tmux.keys('Enter');
    await tmux.waitFor(`answer ${prompt === 'hello' ? 0 : 1}`);
    await tmux.waitIdle();
  }
  tmux.type(`/model openai-compatible:${second.url}/v1`);
  tmux.keys('Enter');
  await tmux.waitFor('from the next turn on');
  await tmux.waitIdle();
  tmux.type('/compact');
  tmux.keys('Enter');
  await tmux.waitFor('compacted:');
  assert.equal(server.modelCalls.length, 2, 'the first model answered the two prompts and nothing more');
  assert.equal(second.modelCalls.length, 1, 'the summary request went to the new model');
  assert.match(
    JSON.stringify(second.modelCalls[0]?.body),
    /answer 0/,
    'the folded part (the first answer; the first prompt and the latest turn are kept)',
  );
});

/** The words of the visible screen, in order (lines joined, borders and markers dropped). */
function words(screen: string): string {
  return screen
    .replace(/[│─›●⎿]/g, ' ')
    .split(/\s+/)
    .join(' ');
}

test('a resize redraws the screen at the new width without garbling', { skip }, async () => {
  const sentence = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  const { tmux } = await open(
    (r) => ({ text: `${sentence}\n\n\`\`\`js\nconst round = ${r.callIndex};\n\`\`\`` }),
    [],
    undefined,
    {
      columns: 100,
      rows: 30,
    },
  );
  tmux.type('talk');
  tmux.keys('Enter');
  await tmux.waitFor('const round = 0;');
  await tmux.waitIdle();
  for (const columns of [60, 120]) {
    tmux.resize(columns, 30);
    const screen = await tmux.waitFor(
      (s) =>
        words(s).includes(sentence) &&
        s.split('\n').some((l) => /^─{20,}/.test(l.trim()) && l.trimEnd().length === columns),
      undefined,
      () => tmux.visible(),
    );
    const lines = screen.split('\n');
    assert.equal(lines.filter((l) => l.includes('openai-compatible:scripted-model')).length, 1, screen);
    assert.equal(lines.filter((l) => l.includes('const round = 0;')).length, 1, screen);
    assert.ok(
      lines.every((l) => l.trimEnd().length <= columns),
      screen,
    );
  }
  tmux.type('again');
  tmux.keys('Enter');
  const after = await tmux.waitFor('const round = 1;', undefined, () => tmux.visible());
  assert.equal(
    after.split('\n').filter((l) => l.includes('openai-compatible:scripted-model')).length,
    1,
    after,
  );
});

test('kodama --resume without an id lists the stored sessions to pick from', { skip }, async () => {
  const first = await open((r) => ({ text: `answer to ${last(r).text}` }));
  first.tmux.type('remember pears');
  first.tmux.keys('Enter');
  await first.tmux.waitFor('answer to remember pears');
  await first.tmux.waitIdle();
  first.tmux.keys('C-d');
  await first.tmux.waitFor('[exit 0]');
  const again = await open(() => ({ text: 'unused' }), ['--resume'], first);
  const list = await again.tmux.waitFor('resume which session?');
  assert.match(list, /→ .*remember pears/);
  again.tmux.keys('Enter');
  const screen = await again.tmux.waitFor('continued session');
  assert.match(screen, /› remember pears/);
  assert.match(screen, /answer to remember pears/);
});
