import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { postJson } from './helpers/sse.ts';

const bin = fileURLToPath(new URL('../bin/kodama-testkit.js', import.meta.url));
const demo = fileURLToPath(new URL('../scripts/demo.json', import.meta.url));

/** Spawns the CLI and resolves with the child and its first lines once it prints its URL. */
async function spawnServe(args: string[]): Promise<{ child: ChildProcess; output: string; url: string }> {
  const child = spawn(process.execPath, [bin, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('Ctrl+C')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`kodama-testkit exited with ${code} before serving: ${output}`)),
    );
  });
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  assert.ok(url, `no URL in: ${output}`);
  return { child, output, url };
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = await exited;
  return code as number | null;
}

test('serve plays the demo script: a calculator call, then the answer; SIGTERM exits 0', async (t) => {
  const { child, output, url } = await spawnServe(['--script', demo, '--port', '0']);
  t.after(() => stop(child));
  assert.match(output, /kodama ask --model openai-compatible:http:\/\/127\.0\.0\.1:\d+\/v1/);
  const first = await postJson(`${url}/v1/chat/completions`, { model: 'scripted-model', messages: [] });
  const call = ((await first.json()) as { choices: Array<{ message: { tool_calls: unknown[] } }> })
    .choices[0]!.message.tool_calls[0];
  assert.deepEqual(call, {
    id: 'call_1',
    type: 'function',
    function: { name: 'calculator', arguments: '{"expression":"17 * 23"}' },
  });
  const second = await postJson(`${url}/v1/chat/completions`, { model: 'scripted-model', messages: [] });
  const text = ((await second.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!
    .message.content;
  assert.equal(text, '17 * 23 = 391.');
  assert.equal(await stop(child), 0);
});

test('serve --loop starts the script over when it runs out', async (t) => {
  const { child, url } = await spawnServe(['--script', demo, '--port', '0', '--loop']);
  t.after(() => stop(child));
  const contents: unknown[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await postJson(`${url}/v1/chat/completions`, { model: 'scripted-model', messages: [] });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { choices: Array<{ message: { content: unknown } }> };
    contents.push(body.choices[0]!.message.content);
  }
  assert.deepEqual(contents.slice(2), contents.slice(0, 2));
  assert.equal(contents[1], '17 * 23 = 391.');
});

test('serve --anthropic --context-window --models', async (t) => {
  const { child, url } = await spawnServe([
    '--script',
    demo,
    '--port',
    '0',
    '--anthropic',
    '--models',
    'a,b',
  ]);
  t.after(() => stop(child));
  const models = (await (await fetch(`${url}/v1/models`)).json()) as { data: Array<{ id: string }> };
  assert.deepEqual(
    models.data.map((m) => m.id),
    ['a', 'b'],
  );
  const message = await postJson(`${url}/v1/messages`, { model: 'a', max_tokens: 5, messages: [] });
  const body = (await message.json()) as { content: Array<{ type: string; name: string }> };
  assert.equal(body.content[0]!.type, 'tool_use');
  assert.equal(body.content[0]!.name, 'calculator');

  const openai = await spawnServe(['--script', demo, '--port', '0', '--context-window', '4096']);
  t.after(() => stop(openai.child));
  const props = (await (await fetch(`${openai.url}/props`)).json()) as {
    default_generation_settings: { n_ctx: number };
  };
  assert.equal(props.default_generation_settings.n_ctx, 4096);
});

test('a missing --script prints usage and exits 2', async () => {
  const child = spawn(process.execPath, [bin, 'serve'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c) => {
    err += String(c);
  });
  const [code] = await once(child, 'exit');
  assert.equal(code, 2);
  assert.match(err, /usage: kodama-testkit serve --script/);
});
