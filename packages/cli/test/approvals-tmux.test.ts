// One approval, every surface: a question the assistant shows on its screen
// also waits in the user's inbox; `kodama approvals` lists it and `kodama
// approve <id>` answers it from another terminal. The first answer counts and
// the command runs exactly once; an agent cannot answer its own question.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { BASH_TOOL } from '@kodama/workspace/tool-kinds';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { assistantUnderTmux, last, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

/** The model asks to append a line to `ran` (so a second run would show), then reports. */
function appender(r: Parameters<Parameters<typeof open>[0]>[0]) {
  return last(r).tool
    ? { text: `after: ${last(r).text.slice(0, 40)}` }
    : { toolCalls: [{ name: BASH_TOOL, arguments: { command: 'echo once >> ran' } }] };
}

async function waitingIds(env: NodeJS.ProcessEnv): Promise<string[]> {
  for (let i = 0; i < 600; i++) {
    const listed = await runKodama(['approvals', '--json'], env);
    assert.equal(listed.code, 0, listed.stderr);
    const ids = listed.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).id as string);
    if (ids.length > 0) return ids;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

test('a question on the screen is answered by kodama approve from outside: it runs once, the screen says who answered', {
  skip,
}, async () => {
  const { tmux, root, home } = await open(appender);
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') });
  tmux.type('append a line');
  await tmux.waitFor('append a line');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  const [id] = await waitingIds(env);
  assert.ok(id, 'the question is listed');
  const shown = await runKodama(['approvals'], env);
  assert.match(shown.stdout, new RegExp(`${id}  run a shell command`));
  assert.match(shown.stdout, /│ echo once >> ran/);
  assert.match(shown.stdout, /asked by the assistant in /);
  const approved = await runKodama(['approve', id as string], env);
  assert.equal(approved.code, 0, approved.stderr);
  assert.match(
    approved.stdout,
    new RegExp(`approved: run a shell command .*\\(${id}, asked by the assistant`),
  );
  const screen = await tmux.waitFor('after:');
  assert.match(screen, new RegExp(`approved by kodama approve \\(${id}\\)`));
  assert.doesNotMatch(screen.slice(screen.lastIndexOf('approved by')), /y yes · n no/);
  assert.equal(await readFile(join(root, 'ran'), 'utf8'), 'once\n');
  // A second answer (a deny, too late) does not count, and says so.
  const late = await runKodama(['approve', id as string, '--deny'], env);
  assert.equal(late.code, 1);
  assert.match(late.stderr, /already approved by kodama approve/);
  assert.equal(await readFile(join(root, 'ran'), 'utf8'), 'once\n');
  assert.equal((await runKodama(['approvals'], env)).stdout, 'nothing waits on you\n');
});

test('answered on the screen first, the question leaves the inbox and kodama approve is told it came late', {
  skip,
}, async () => {
  const { tmux, root, home } = await open(appender);
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') });
  tmux.type('append a line');
  await tmux.waitFor('append a line');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  const [id] = await waitingIds(env);
  tmux.keys('y');
  await tmux.waitFor('after:');
  const late = await runKodama(['approve', id as string], env);
  assert.equal(late.code, 1);
  assert.match(late.stderr, /already approved by terminal/);
  assert.equal(await readFile(join(root, 'ran'), 'utf8'), 'once\n');
});

test('a sandboxed command cannot answer a question: the inbox is not there for it, even inside the root', {
  skip,
}, async () => {
  // The home (and so the inbox) lies inside the project root here: only the denylist hides it.
  // The command the person approves runs in the background and tries, over and over, to answer
  // whatever waits, by writing the answer file itself; each try is counted in `tries`.
  const spy = (inbox: string) =>
    `while :; do for f in ${inbox}/ap-*.json; do [ -e "$f" ] && echo '{"approved":true,"by":"x","at":"x"}' > "\${f%.json}.answer"; done; echo . >> tries; sleep 0.1; done`;
  let inbox = '';
  const { tmux, root, home } = await open(
    (r) => {
      const { text, tool } = last(r);
      if (!tool)
        return {
          toolCalls: [{ name: BASH_TOOL, arguments: { command: spy(inbox), run_in_background: true } }],
        };
      if (text.includes('started in the background'))
        return { toolCalls: [{ name: BASH_TOOL, arguments: { command: 'echo once >> ran' } }] };
      return { text: `after: ${text.slice(0, 40)}` };
    },
    ['--sandbox', 'bubblewrap', '--tools', `${BASH_TOOL},bash_output,bash_kill`],
  );
  inbox = join(home, 'data', 'kodama', 'kodama-approvals');
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') });
  tmux.type('watch and append');
  await tmux.waitFor('watch and append');
  tmux.keys('Enter');
  await tmux.waitFor('in the background');
  tmux.keys('y');
  // The second question waits (it is published before it is shown); the spy keeps trying meanwhile.
  const shown = await tmux.waitFor(/echo once >> ran[\s\S]*y yes · n no|approved by x/);
  assert.doesNotMatch(shown, /approved by x/, 'the sandboxed command answered the question');
  const listed = async () =>
    (await runKodama(['approvals', '--json'], env)).stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).id as string);
  const [id] = await listed();
  assert.ok(id, 'the question waits in the inbox');
  const tries = async () => (await readFile(join(root, 'tries'), 'utf8').catch(() => '')).length;
  const before = await tries();
  while ((await tries()) < before + 10) await new Promise((r) => setTimeout(r, 100));
  assert.doesNotMatch(tmux.screen(), /approved by x/, 'the sandboxed command answered the question');
  assert.deepEqual(await listed(), [id], 'the question still waits');
  await assert.rejects(readFile(join(inbox, `${id}.answer`)), 'no answer was written');
  await assert.rejects(readFile(join(root, 'ran')), 'the call did not run');
  tmux.keys('n');
  await tmux.waitFor(/reason|after:/);
});
