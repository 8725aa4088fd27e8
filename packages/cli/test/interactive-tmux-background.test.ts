// Background commands end to end: the real `kodama` in tmux, a scripted model
// that starts a command with run_in_background, reads its output on a later
// turn with bash_output, and a process that is gone once kodama exits; a
// background sub-agent listed in /tasks, counted, and ended from there.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { AGENT_TOOL } from '@kodama/subagents/tool-name';
import { BASH_KILL_TOOL, BASH_OUTPUT_TOOL, BASH_TOOL } from '@kodama/workspace/tool-kinds';
import { assistantUnderTmux, last, messages, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();
const TOOLS = ['--tools', [BASH_TOOL, BASH_OUTPUT_TOOL, BASH_KILL_TOOL].join(',')];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean | Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

test('a background command keeps running, the model reads its output on a later turn, and it is gone after exit', {
  skip,
}, async () => {
  // $$ is bash's pid, and exec keeps it: the pid file names the very process that must die.
  const command = 'echo $$ > server.pid; echo serving on port 4321; exec sleep 1000';
  const { tmux, server, root } = await open((r) => {
    const { text, tool } = last(r);
    if (tool && text.includes('started in the background')) return { text: 'the server is starting' };
    if (tool) return { text: 'the log says it is serving' };
    if (text.includes('how is the server'))
      return { toolCalls: [{ name: BASH_OUTPUT_TOOL, arguments: { id: 'bash-1' } }] };
    return { toolCalls: [{ name: BASH_TOOL, arguments: { command, run_in_background: true } }] };
  }, TOOLS);
  tmux.type('start the server');
  await tmux.waitFor('start the server');
  tmux.keys('Enter');
  // The same question as any command, saying it runs in the background.
  const question = await tmux.waitFor('y yes · n no');
  assert.match(question, /in the background/);
  tmux.keys('y');
  await tmux.waitFor('the server is starting');
  await tmux.waitIdle();
  const pidFile = join(root, 'server.pid');
  assert.ok(await eventually(async () => (await readFile(pidFile, 'utf8').catch(() => '')).trim() !== ''));
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  assert.ok(alive(pid), 'the background command runs on after its turn');

  tmux.type('how is the server');
  await tmux.waitFor('how is the server');
  tmux.keys('Enter');
  await tmux.waitFor('the log says it is serving');
  const read = last(server.modelCalls.at(-1)!);
  assert.ok(read.tool, 'the last request carries the bash_output result');
  assert.match(read.text, /serving on port 4321/);
  assert.match(read.text, /\[bash-1: running, \d+s\]/);
  assert.ok(alive(pid));

  await tmux.waitIdle();
  tmux.keys('C-d');
  await tmux.waitFor('[exit 0]');
  assert.ok(await eventually(() => !alive(pid)), `pid ${pid} survived kodama`);
});

test('/tasks lists a background command with its status and new output; /tasks kill ends it (its pid gone)', {
  skip,
}, async () => {
  const command = 'echo $$ > watch.pid; echo one; echo two; exec sleep 1000';
  const { tmux, root } = await open(
    (r) =>
      last(r).tool
        ? { text: 'watching in the background' }
        : { toolCalls: [{ name: BASH_TOOL, arguments: { command, run_in_background: true } }] },
    TOOLS,
  );
  tmux.type('watch the files');
  await tmux.waitFor('watch the files');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor('watching in the background');
  await tmux.waitIdle();
  // The status line counts it while it runs.
  await tmux.waitFor(/scripted-model · default mode · 1 in background · ctx/);
  const pidFile = join(root, 'watch.pid');
  assert.ok(await eventually(async () => (await readFile(pidFile, 'utf8').catch(() => '')).trim() !== ''));
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  // The alias lists the same table; the two lines printed are new output the model has not read.
  tmux.type('/bashes');
  await tmux.waitFor('/bashes');
  tmux.keys('Enter');
  const listed = await tmux.waitFor(/bash-1 {2}running · \d+s · 2 new lines {2}echo \$\$ > watch\.pid/);
  assert.match(listed, /\/tasks kill <id> ends one/);
  tmux.type('/tasks kill bash-1');
  await tmux.waitFor('/tasks kill bash-1');
  tmux.keys('Enter');
  await tmux.waitFor(/bash-1: killed after \d+s/);
  await tmux.waitFor((screen) => !screen.includes('in background'));
  assert.ok(await eventually(() => !alive(pid)), `pid ${pid} survived /tasks kill`);
  tmux.type('/tasks');
  await tmux.waitFor(/^ \/tasks\s*$/m);
  tmux.keys('Enter');
  await tmux.waitFor(/bash-1 {2}killed · \d+s · 2 new lines/);
});

test('Ctrl+B moves a running command to the background: the model gets the task id and the output so far', {
  skip,
}, async () => {
  // The output line is not in the command's text, so seeing it on screen means the output arrived.
  const command = 'echo building step $((0+1)); echo $$ > build.pid; exec sleep 1000';
  const { tmux, server, root } = await open(
    (r) =>
      last(r).tool
        ? { text: 'the build goes on in the background' }
        : { toolCalls: [{ name: BASH_TOOL, arguments: { command } }] },
    TOOLS,
  );
  tmux.type('run the build');
  await tmux.waitFor('run the build');
  tmux.keys('Enter');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  const pidFile = join(root, 'build.pid');
  assert.ok(await eventually(async () => (await readFile(pidFile, 'utf8').catch(() => '')).trim() !== ''));
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  await tmux.waitFor('building step 1');
  tmux.keys('C-b');
  await tmux.waitFor('moved to the background: bash-1');
  await tmux.waitFor('the build goes on in the background');
  const result = last(server.modelCalls.at(-1)!);
  assert.ok(result.tool);
  assert.match(result.text, /building step 1/);
  assert.match(result.text, /moved this command to the background as task bash-1; it is still running/);
  assert.ok(alive(pid), 'the command runs on');
  await tmux.waitIdle();
  tmux.type('/tasks');
  await tmux.waitFor(/^ \/tasks\s*$/m);
  tmux.keys('Enter');
  await tmux.waitFor(/bash-1 {2}running · \d+s/);
  tmux.keys('C-d');
  await tmux.waitFor('[exit 0]');
  assert.ok(await eventually(() => !alive(pid)), `pid ${pid} survived kodama`);
});

test('a background sub-agent is in /tasks and the status-line count; /tasks kill ends it and the model is told', {
  skip,
}, async () => {
  const task = 'list every file in the project';
  const { tmux } = await open(
    (r) => {
      const all = messages(r);
      // The sub-agent's request: its only user message is the task. It thinks until it is ended.
      if (all.find((m) => m.role === 'user')?.content === task) return { fault: 'hang' };
      const { tool } = last(r);
      if (tool) return { text: 'the miner is on it' };
      // The note may come after the prompt or before it: either way this request carries the prompt.
      if (JSON.stringify(all).includes('any news?'))
        return {
          text: JSON.stringify(all).includes('the person ended this sub-agent')
            ? 'it was ended'
            : 'still waiting',
        };
      return { toolCalls: [{ name: AGENT_TOOL, arguments: { name: 'file_miner', task, background: true } }] };
    },
    ['--tools', [BASH_TOOL, BASH_OUTPUT_TOOL, BASH_KILL_TOOL, AGENT_TOOL].join(',')],
  );
  tmux.type('look around');
  await tmux.waitFor('look around');
  tmux.keys('Enter');
  await tmux.waitFor('the miner is on it');
  await tmux.waitIdle();
  await tmux.waitFor(/scripted-model · default mode · 1 in background · ctx/);
  tmux.type('/tasks');
  await tmux.waitFor(/^ \/tasks\s*$/m);
  tmux.keys('Enter');
  const listed = await tmux.waitFor(
    /agent-1 {2}running · \d+s {2}sub-agent file_miner: list every file in the project/,
  );
  assert.match(listed, /\/tasks kill <id> ends one/);
  tmux.type('/tasks kill agent-1');
  await tmux.waitFor('/tasks kill agent-1');
  tmux.keys('Enter');
  await tmux.waitFor(/agent-1: killed after \d+s/);
  await tmux.waitFor((screen) => !screen.includes('in background'));
  // The model learns it ended with the next prompt, instead of waiting for an answer.
  tmux.type('any news?');
  await tmux.waitFor('any news?');
  tmux.keys('Enter');
  await tmux.waitFor('it was ended');
  await tmux.waitIdle();
  tmux.type('/tasks');
  await tmux.waitFor(/^ \/tasks\s*$/m);
  tmux.keys('Enter');
  await tmux.waitFor(/agent-1 {2}killed · \d+s {2}sub-agent file_miner/);
});
