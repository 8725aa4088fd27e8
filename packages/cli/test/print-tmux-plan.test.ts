// `kodama -p --permission-mode plan` on a terminal: the plan is printed and
// asked about; `a` approves it in accept-edits, and the model carries it out
// in the same turn (its write runs unasked); `n` leaves everything unchanged.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { BIN, isolatedEnv } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';
import { TmuxSession } from './support/tmux.ts';
import { skipWithoutTmux } from './support/tmux-assistant.ts';

const serve = scriptedServers();
const sessions: TmuxSession[] = [];
after(() => {
  for (const s of sessions) s.kill();
});

const PLAN = '1. Write greeting.txt saying hello.';

async function planRun(answer: string) {
  const server = await serve([
    { toolCalls: [{ name: 'present_plan', arguments: { plan: PLAN } }] },
    { toolCalls: [{ name: 'write', arguments: { path: 'greeting.txt', content: 'hello\n' } }] },
    { text: 'Greeting written.' },
  ]);
  const root = await mkdtemp(join(tmpdir(), 'kodama-plan-p-'));
  const home = join(root, '.home');
  await mkdir(home, { recursive: true });
  const tmux = new TmuxSession();
  sessions.push(tmux);
  const argv = [process.execPath, BIN, '-p', 'greet', '--permission-mode', 'plan'];
  argv.push('--model', `openai-compatible:${server.url}/v1`, '--root', root, '--no-skills');
  tmux.start(argv, { cwd: root, env: isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') }) });
  await tmux.waitFor('Approve this plan?');
  assert.ok(tmux.screen().includes(PLAN), tmux.screen());
  tmux.type(answer);
  tmux.keys('Enter');
  const screen = await tmux.waitFor(/\[exit \d+\]/);
  return { server, root, screen };
}

test('-p in plan mode on a terminal: the plan is asked about, `a` carries it out accepting edits', {
  skip: skipWithoutTmux,
}, async () => {
  const { root, screen, server } = await planRun('a');
  assert.match(screen, /\[exit 0\]/);
  assert.equal(await readFile(join(root, 'greeting.txt'), 'utf8'), 'hello\n');
  assert.match(screen, /Greeting written\./);
  const answer = JSON.stringify(server.modelCalls[1]?.body);
  assert.match(answer, /The person approved the plan. The permission mode is now accept-edits/);
});

test('-p in plan mode on a terminal: `n` rejects the plan and the write stays refused', {
  skip: skipWithoutTmux,
}, async () => {
  const { root, server } = await planRun('n');
  await assert.rejects(readFile(join(root, 'greeting.txt')), { code: 'ENOENT' });
  const second = JSON.stringify(server.modelCalls[1]?.body);
  assert.match(second, /The person rejected the plan/);
  const third = JSON.stringify(server.modelCalls[2]?.body);
  assert.match(third, /plan mode is read-only: this write call was not run/);
});
