// The assistant end to end under tmux, the rough edges of issue 24 a person
// meets: a diff to approve is shown whole at a narrow width (wrapped, never
// cut), and an edit a rule allowed still shows its diff.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { assistantUnderTmux, last, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

/** The visible screen's lines, trimmed and joined: text the assistant wrapped reads as one run again. */
const joined = (screen: string) =>
  screen
    .split('\n')
    .map((l) => l.trim())
    .join('');

/** A line far wider than 60 columns, every part of it distinct (a cut would lose its end). */
const LONG = `${Array.from({ length: 24 }, (_, i) => `part${String(i).padStart(2, '0')}`).join('-')}-END`;

test('at 60 columns a long edit line is shown whole in the question (wrapped, not cut) and approved', {
  skip,
}, async () => {
  const { tmux, root } = await open((r) =>
    last(r).tool
      ? { text: 'edited it' }
      : {
          toolCalls: [
            { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: LONG } },
          ],
        },
  );
  // The status line names the session at 100 columns (open waits for it); then the terminal narrows.
  tmux.resize(60, 40);
  await writeFile(join(root, 'notes.txt'), 'title\ndraft\nend\n');
  tmux.type('finish the notes');
  tmux.keys('Enter');
  const question = await tmux.waitFor('y yes · n no', undefined, () => tmux.visible());
  assert.ok(joined(question).includes(`+${LONG}`), question);
  assert.doesNotMatch(question, /part\d\d…/);
  assert.ok(
    question.split('\n').every((l) => l.trimEnd().length <= 60),
    question,
  );
  tmux.keys('y');
  await tmux.waitFor('edited it');
  assert.equal(await readFile(join(root, 'notes.txt'), 'utf8'), `title\n${LONG}\nend\n`);
});

test('an edit a rule allows runs without a question and still shows its diff, naming the rule', {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-tui-'));
  await mkdir(join(root, '.kodama'));
  await writeFile(
    join(root, '.kodama', 'config.json'),
    JSON.stringify({ permissions: { allow: ['edit(notes.txt)'] } }),
  );
  await writeFile(join(root, 'notes.txt'), 'title\ndraft\nend\n');
  const { tmux } = await open(
    (r) =>
      last(r).tool
        ? { text: 'edited it' }
        : {
            toolCalls: [
              { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } },
            ],
          },
    ['--trust'],
    { root, home: join(root, '.home') },
  );
  tmux.type('finish the notes');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('edited it');
  assert.doesNotMatch(screen, /y yes · n no/);
  assert.match(screen, /edit notes\.txt \(\+1 -1\) · allowed by edit\(notes\.txt\)/);
  assert.match(screen, /-draft\n\s+\+final/);
  assert.equal(await readFile(join(root, 'notes.txt'), 'utf8'), 'title\nfinal\nend\n');
});

test('a continued conversation reads as it did live: the prompt as typed and what it attached, no <file> text', {
  skip,
}, async () => {
  const first = await open((r) => ({ text: `read ${last(r).text.length} characters` }));
  await writeFile(join(first.root, 'plan.md'), 'SECRET-LOOKING FILE BODY\n'.repeat(3));
  first.tmux.type('summarise @plan.md please');
  first.tmux.keys('Enter');
  await first.tmux.waitFor(/read \d+ characters/);
  await first.tmux.waitIdle();
  first.tmux.keys('C-d');
  await first.tmux.waitFor('[exit 0]');
  const again = await open(() => ({ text: 'unused' }), ['--continue'], first);
  const screen = await again.tmux.waitFor('continued session');
  assert.match(screen, /› summarise @plan\.md please\n\n\s+attached: plan\.md/);
  assert.doesNotMatch(screen, /<file|SECRET-LOOKING/);
});

test('pasting cost⏎ right after / runs /cost (the menu drawn for / does not complete the pasted text)', {
  skip,
}, async () => {
  const { tmux } = await open(() => ({ text: 'unused' }));
  tmux.type('/');
  await tmux.waitFor('fold the conversation so far into a summary');
  // One write, as a paste arrives: every key is read before the menu for `/cost` could be drawn.
  tmux.type('cost\r');
  const screen = await tmux.waitFor(/this session: \d+ input tokens|unknown command/);
  assert.doesNotMatch(screen, /unknown command/);
});

test('n to /undo declines at once (no reason asked for): the next typed command runs', { skip }, async () => {
  const { tmux, root } = await open((r) =>
    last(r).tool
      ? { text: 'edited it' }
      : {
          toolCalls: [
            { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } },
          ],
        },
  );
  await writeFile(join(root, 'notes.txt'), 'title\ndraft\nend\n');
  tmux.type('finish the notes');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor('edited it');
  await tmux.waitIdle();
  tmux.type('/undo');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('n');
  await tmux.waitFor(
    (s) => !s.includes('y yes · n no'),
    undefined,
    () => tmux.visible(),
  );
  tmux.type('/cost');
  tmux.keys('Enter');
  const screen = await tmux.waitFor(/this session: \d+ input tokens|reason for the model/);
  assert.doesNotMatch(screen, /reason for the model/);
  assert.equal(await readFile(join(root, 'notes.txt'), 'utf8'), 'title\nfinal\nend\n', 'n kept the edit');
});

test('after /undo then /rewind past the undone turn, the next prompt carries no note about the undo', {
  skip,
}, async () => {
  const { tmux, root, server } = await open((r) => {
    if (r.callIndex === 0)
      return {
        toolCalls: [
          { name: 'edit', arguments: { path: 'notes.txt', old_string: 'draft', new_string: 'final' } },
        ],
      };
    return { text: r.callIndex === 1 ? 'edited it' : 'a fresh start' };
  });
  await writeFile(join(root, 'notes.txt'), 'title\ndraft\nend\n');
  tmux.type('finish the notes');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor('edited it');
  await tmux.waitIdle();
  tmux.type('/undo');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor('restored notes.txt');
  await tmux.waitIdle();
  tmux.type('/rewind 1');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor('rewound to before "finish the notes"');
  await tmux.waitIdle();
  // The prompt is back in the input; Enter sends it on the rewound conversation.
  tmux.keys('Enter');
  await tmux.waitFor('a fresh start');
  const sent = JSON.stringify(server.modelCalls.at(-1)?.body);
  assert.match(sent, /finish the notes/);
  assert.doesNotMatch(sent, /undid/);
});

/** Runs the assistant on `dirs` to its exit (Ctrl+D), after `prompt` if given; returns the session its exit line names. */
async function session(
  dirs: { root: string; home: string },
  extra: string[],
  prompt?: string,
): Promise<string> {
  const run = await open((r) => ({ text: `noted: ${last(r).text}` }), extra, dirs);
  if (prompt) {
    run.tmux.type(prompt);
    run.tmux.keys('Enter');
    await run.tmux.waitFor(`noted: ${prompt}`);
  }
  await run.tmux.waitIdle();
  run.tmux.keys('C-d');
  const screen = await run.tmux.waitFor('[exit 0]');
  const named = /session (kodama-\S+): kodama --resume/.exec(screen)?.[1];
  assert.ok(named, screen);
  return named;
}

test('--continue opens the session the exit line named, also after resuming an older one and sending nothing', {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-tui-'));
  const dirs = { root, home: join(root, '.home') };
  await mkdir(dirs.home);
  const apples = await session(dirs, [], 'remember apples');
  await session(dirs, [], 'remember pears');
  assert.equal(await session(dirs, ['--resume', apples]), apples);
  const again = await open(() => ({ text: 'unused' }), ['--continue'], dirs);
  const screen = await again.tmux.waitFor('continued session');
  assert.match(screen, new RegExp(`continued session ${apples}`));
  assert.match(screen, /› remember apples/);
});

test("kodama trifecta and the assistant's /trifecta draw the same map for the same tools (the agent tool's legs too)", {
  skip,
}, async () => {
  const tools = 'read,edit,write,bash,calculator,fetch,agent';
  const { tmux, root, home } = await open(() => ({ text: 'unused' }), ['--tools', tools]);
  tmux.type('/trifecta');
  tmux.keys('Enter');
  const screen = await tmux.waitFor('conversation yet');
  const cli = await runKodama(
    ['trifecta', '--root', root, '--no-skills', '--tools', tools],
    isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') }),
  );
  // The map, its verdict and why it is loud: the same lines, the screen's indented by two.
  const drawn = cli.stdout.split('\n').filter((l) => l.trim() !== '');
  assert.match(drawn.join('\n'), /- agent: private=yes[\s\S]*\nwhy: researcher holds all three legs/);
  // The screen's agent also has present_plan (plan mode's control tool, no legs: it changes no verdict), which ask has not.
  assert.match(screen, /- present_plan: no legs\n/);
  const shown = screen
    .split('\n')
    .map((l) => l.replace(/^ {2}/, '').trimEnd())
    .filter((l) => l !== '  - present_plan: no legs');
  const at = shown.indexOf(drawn[0] ?? '');
  assert.ok(at >= 0, screen);
  assert.deepEqual(shown.slice(at, at + drawn.length), drawn);
});
