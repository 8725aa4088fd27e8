// `kodama serve`: the assistant as an AG-UI endpoint, driven over real HTTP.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { BIN, isolatedEnv } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

test('kodama serve refuses a request without its token, streams AG-UI events with it, and stops on Ctrl+C', async (t) => {
  const model = await serve(() => ({ text: 'Hello from kodama.' }));
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--model', `openai-compatible:${model.url}/v1`, '--no-skills'],
    { env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  const ready = new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /serving AG-UI on (\S+) \(token: (\S+)\)/.exec(stderr);
      if (m) resolve({ url: m[1]!, token: m[2]! });
    });
    child.on('exit', (code) => reject(new Error(`kodama serve exited (${code}): ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  t.after(() => child.kill('SIGKILL'));
  const { url, token } = await ready;
  const body = JSON.stringify({
    threadId: 't',
    runId: 'r',
    messages: [{ id: 'u', role: 'user', content: 'hi' }],
    tools: [],
    context: [],
    state: {},
  });
  const refused = await fetch(url, { method: 'POST', body });
  assert.equal(refused.status, 401);
  assert.equal(model.modelCalls.length, 0, 'nothing ran');
  const res = await fetch(url, { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  const events = (await res.text())
    .split('\n\n')
    .filter((c) => c.startsWith('data: '))
    .map((c) => JSON.parse(c.slice(6)) as { type: string; delta?: string });
  assert.equal(events[0]?.type, 'RUN_STARTED');
  assert.equal(events.at(-1)?.type, 'RUN_FINISHED');
  assert.equal(
    events
      .filter((e) => e.type === 'TEXT_MESSAGE_CONTENT')
      .map((e) => e.delta)
      .join(''),
    'Hello from kodama.',
  );
  child.kill('SIGINT');
  assert.equal(await exited, 0);
});
