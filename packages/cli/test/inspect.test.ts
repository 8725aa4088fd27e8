// `kodama inspect` over the sessions `kodama ask --session` stored.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN, isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

test('kodama inspect serves the stored sessions behind its token, and stops on Ctrl+C', async (t) => {
  const data = await mkdtemp(join(tmpdir(), 'kodama-inspect-'));
  t.after(() => rm(data, { recursive: true, force: true }));
  const env = isolatedEnv({ XDG_DATA_HOME: data });
  const model = await serve([{ text: 'Stored.' }]);
  const asked = await runKodama(
    [
      'ask',
      '--model',
      `openai-compatible:${model.url}/v1`,
      '--session',
      'notes',
      '--no-skills',
      'remember this',
    ],
    env,
  );
  assert.equal(asked.code, 0, asked.stderr);
  const child = spawn(process.execPath, [BIN, 'inspect', '--no-skills', '--tools', 'read,bash'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /the inspector is at (\S+)/.exec(stderr);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`kodama inspect exited (${code}): ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  t.after(() => child.kill('SIGKILL'));
  // The printed address carries the token in its fragment (the browser never sends it).
  const token = decodeURIComponent(new URL(url).hash.replace(/^#token=/, ''));
  assert.ok(token.length >= 32, url);
  const api = new URL('/api/sessions', url);
  assert.equal((await fetch(api)).status, 401);
  const sessions = (await (await fetch(api, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: string;
    runs: { outcome: string }[];
  }[];
  assert.deepEqual(
    sessions.map((s) => [s.id, s.runs.map((r) => r.outcome)]),
    [['notes', ['completed']]],
  );
  const map = (await (
    await fetch(new URL('/api/trifecta', url), { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    verdict: string;
  };
  assert.equal(map.verdict, 'soft', 'the map of the assistant the flags build');
  const runId = (sessions[0] as unknown as { runs: { runId: string }[] }).runs[0]!.runId;
  const events = (await (
    await fetch(new URL(`/api/runs/${runId}/events`, url), { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { event: { type: string; outcome?: string } }[];
  assert.equal(events[0]?.event.type, 'run-start', 'kodama ask --session recorded the run');
  assert.deepEqual([events.at(-1)?.event.type, events.at(-1)?.event.outcome], ['run-end', 'completed']);
  const page = await fetch(url);
  assert.match(await page.text(), /<title>kodama inspector<\/title>/);
  child.kill('SIGINT');
  assert.equal(await exited, 0);
});
