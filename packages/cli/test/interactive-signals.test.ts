// SIGTERM (a supervisor, `kill`) ends `kodama -p` and the assistant as Ctrl+C
// does: the turn is cancelled, the session keeps it, the MCP servers' process
// groups are closed, the terminal is restored, and the exit status is 143.
// The turn waits in the fixture MCP server's `wait` tool, so the signal
// always lands mid-tool: no race with a timer.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedRequest, ScriptedReply } from '@kodama/testkit';
import { mcpProject, running } from './support/mcp-project.ts';
import { BIN, isolatedEnv } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';
import { assistantUnderTmux, messages, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const serve = scriptedServers();
const open = assistantUnderTmux();

/** A project whose `.mcp.json` names the fixture server `fx`, logging its processes to `marker`. */
function project() {
  const { root, home, marker } = mcpProject('kodama-sig-');
  return { root, home, marker };
}

const systemOf = (r: RecordedRequest) => JSON.stringify(messages(r)[0]?.content ?? '');

/** Screening passes; the first question waits in fx__wait; later ones say what the model saw before. */
function script(r: RecordedRequest): ScriptedReply {
  if (systemOf(r).startsWith('"You are a security reviewer')) return { text: 'OK' };
  if (systemOf(r).startsWith('"You write the one-line description')) return { text: 'Fixture tools.' };
  const sent = JSON.stringify(messages(r));
  if (sent.includes('second question'))
    return { text: sent.includes('wait for it') ? 'I remember the wait' : 'nothing before' };
  return { toolCalls: [{ name: 'fx__wait', arguments: {} }] };
}

/** The fixture's processes that still run a moment after kodama exited. */
async function survivors(marker: string): Promise<number[]> {
  const pids = [...readFileSync(marker, 'utf8').matchAll(/^start (\d+)$/gm)].map((m) => Number(m[1]));
  assert.ok(pids.length > 0, 'the fixture server started');
  for (let i = 0; i < 100 && pids.some(running); i++) await sleep(20);
  return pids.filter(running);
}

async function waitForMarker(marker: string, text: string): Promise<void> {
  for (let i = 0; i < 4500 && !readFileSync(marker, 'utf8').includes(text); i++) await sleep(20);
  assert.ok(readFileSync(marker, 'utf8').includes(text), `the fixture never logged "${text}"`);
}

test('kodama -p: SIGTERM mid-tool exits 143, closes the MCP server and keeps the session', async () => {
  const { root, home, marker } = project();
  const server = await serve(script);
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') });
  const model = `openai-compatible:${server.url}/v1@scripted-model`;
  const args = ['--root', root, '--model', model, '--no-skills', '--trust', '--mcp-connect', 'fx'];
  const child = spawn(process.execPath, [BIN, '-p', 'wait for it', ...args], { env, stdio: 'ignore' });
  await waitForMarker(marker, 'start wait');
  child.kill('SIGTERM');
  const code = await new Promise<number | null>((r) => child.on('close', r));
  assert.equal(code, 143);
  assert.deepEqual(await survivors(marker), []);
  const again = spawn(process.execPath, [BIN, '-p', 'second question', '--continue', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  again.stdout.on('data', (d) => {
    out += d;
  });
  assert.equal(await new Promise<number | null>((r) => again.on('close', r)), 0);
  assert.equal(out.trim(), 'I remember the wait');
});

test('the assistant: SIGTERM mid-tool restores the terminal, closes the MCP server, saves the session, exits 143', {
  skip,
}, async () => {
  const { root, home, marker } = project();
  const { tmux } = await open(script, ['--trust', '--mcp-connect', 'fx'], { root, home });
  tmux.type('wait for it');
  tmux.keys('Enter');
  await waitForMarker(marker, 'start wait');
  await tmux.waitFor('● fx__wait');
  assert.equal(tmux.pane('#{cursor_flag}'), '0', 'the assistant hides the cursor while it draws');
  process.kill(tmux.programPid(), 'SIGTERM');
  const screen = await tmux.waitFor('[exit 143]');
  assert.match(screen, /session kodama-[\d-]+[0-9a-f]{4}: kodama --resume kodama-/);
  assert.equal(tmux.pane('#{cursor_flag}'), '1', 'the cursor shows again');
  assert.deepEqual(await survivors(marker), []);
  const again = await open(script, ['--trust', '--continue'], { root, home });
  const continued = await again.tmux.waitFor('continued session');
  assert.match(continued, /› wait for it/);
  again.tmux.type('second question');
  again.tmux.keys('Enter');
  await again.tmux.waitFor('I remember the wait');
});
