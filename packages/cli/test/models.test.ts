import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_LOCAL_MODEL } from '@kodama/models';
import { TINY_MODEL, tinyChatModelBytes } from '@kodama/testkit';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

// The real `kodama` command with local: models, on testkit's generated GGUF
// model (a real llama.cpp forward pass, one thread), and a fake hub on
// 127.0.0.1 for `kodama models pull`.

const BYTES = tinyChatModelBytes();
let dir: string;
let file: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kodama-cli-local-'));
  file = join(dir, 'tiny.gguf');
  await writeFile(file, BYTES);
});
after(() => rm(dir, { recursive: true, force: true }));

function events(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function hub(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const body = BYTES.subarray(range ? Number(range[1]) : 0);
    res.writeHead(range ? 206 : 200, { 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

describe('kodama with local: models', () => {
  test('kodama ask --model local:<file>: the tool round trip (call, kodama runs it, result, answer)', async () => {
    const root = join(dir, 'root');
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'Paris'), 'sunny and 21 C\n');
    const out = await runKodama(
      [
        'ask',
        '--model',
        `local:${file}?threads=1`,
        '--tools',
        'read',
        '--root',
        root,
        '--json',
        'Weather in Paris?',
      ],
      isolatedEnv(),
    );
    assert.equal(out.code, 0, out.stderr);
    const all = events(out.stdout);
    const call = all.find((e) => e.type === 'tool-call');
    assert.equal(call?.name, 'read');
    assert.deepEqual(
      JSON.parse(String(call?.arguments)),
      { path: 'Paris' },
      'the null optionals were dropped',
    );
    const result = all.find((e) => e.type === 'tool-result');
    assert.equal(result?.status, 'ok');
    assert.match(String(result?.content), /sunny and 21 C/);
    assert.equal(all.filter((e) => e.type === 'assistant').at(-1)?.text, TINY_MODEL.answer);
  });

  test('with nothing configured and no terminal, it says how to get the default local model and exits 2', async () => {
    const out = await runKodama(['ask', 'Hi'], isolatedEnv({ XDG_CACHE_HOME: join(dir, 'empty-cache') }));
    assert.equal(out.code, 2);
    assert.match(out.stderr, /no model found/);
    assert.match(
      out.stderr,
      /kodama models pull +download the default local model, Qwen3 1\.7B \(Q4_K_M\) \(1\.1 GB\)/,
    );
  });

  test('with nothing configured, a cached default local model answers', async () => {
    const cache = join(dir, 'default-cache');
    const [user, repo, name] = DEFAULT_LOCAL_MODEL.uri.slice(3).split('/');
    await mkdir(join(cache, 'kodama', 'models', user!, repo!), { recursive: true });
    await writeFile(join(cache, 'kodama', 'models', user!, repo!, name!), BYTES);
    const out = await runKodama(['ask', '--tools', '', 'Hi'], isolatedEnv({ XDG_CACHE_HOME: cache }));
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stdout.trim(), TINY_MODEL.greeting);
  });

  test('kodama models pull, list and rm manage the cache (progress lines without a terminal)', async () => {
    const cache = join(dir, 'pull-cache');
    const { url, server } = await hub();
    const env = isolatedEnv({ XDG_CACHE_HOME: cache, HF_ENDPOINT: url });
    try {
      const pulled = await runKodama(['models', 'pull', 'hf:me/tiny-GGUF/tiny.gguf'], env);
      assert.equal(pulled.code, 0, pulled.stderr);
      assert.match(
        pulled.stderr,
        /downloading tiny\.gguf from http:\/\/127\.0\.0\.1:\d+\/me\/tiny-GGUF\/resolve\/main\/tiny\.gguf: 100%/,
      );
      assert.match(pulled.stdout, /--model local:hf:me\/tiny-GGUF\/tiny\.gguf/);
    } finally {
      server.close();
    }
    const listed = await runKodama(['models', 'list'], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /MODEL +SIZE +DEFAULT\nhf:me\/tiny-GGUF\/tiny\.gguf +\d+\.\d KB/);
    const asked = await runKodama(
      ['ask', '--model', 'local:hf:me/tiny-GGUF/tiny.gguf?threads=1', '--tools', '', 'Hi'],
      env,
    );
    assert.equal(asked.stdout.trim(), TINY_MODEL.greeting, 'used from the cache, the hub being gone');
    const removed = await runKodama(['models', 'rm', 'tiny.gguf'], env);
    assert.equal(removed.code, 0, removed.stderr);
    assert.match((await runKodama(['models', 'list'], env)).stdout, /No models in/);
    assert.equal((await runKodama(['models', 'rm', 'tiny.gguf'], env)).code, 1);
    assert.equal((await runKodama(['models', 'pull', 'not-a-uri'], env)).code, 2);
  });
});
