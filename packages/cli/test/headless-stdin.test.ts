// The headless contract's plumbing: piped stdin is read (attached to a prompt
// argument, or the prompt alone; too much is refused with a clear message),
// and a reader closing stdout (`| head -1`) ends kodama quietly with 141,
// the Run cancelled and the session kept.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN, isolatedEnv, runKodama, runProgram } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

type Body = { messages: Array<{ role: string; content: unknown }> };

/** Runs `bash -c script` with `$KODAMA` set to the launcher; the shell's status and output. */
function shell(script: string, env: NodeJS.ProcessEnv) {
  return runProgram('bash', ['-c', script], { ...env, KODAMA: `${process.execPath} ${BIN}` });
}

async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'kodama-stdin-'));
  const env = isolatedEnv({ HOME: join(root, '.home'), XDG_DATA_HOME: join(root, '.data') });
  return { root, env };
}

const lastUser = (body: unknown) =>
  String((body as Body).messages.filter((m) => m.role === 'user').at(-1)?.content ?? '');

for (const head of ['$KODAMA ask', '$KODAMA -p'] as const) {
  test(`${head} "summarise" with piped stdin attaches it as context`, async () => {
    const server = await serve([{ text: 'It says 42.' }]);
    const { root, env } = await setup();
    await writeFile(join(root, 'README.md'), 'The answer is 42.\n');
    const model = `openai-compatible:${server.url}/v1`;
    const out = await shell(
      `cat '${root}/README.md' | ${head} "summarise" --model ${model} --root '${root}' --no-skills`,
      env,
    );
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, /It says 42\./);
    assert.match(
      lastUser(server.modelCalls[0]?.body),
      /^summarise\n\n<stdin>\nThe answer is 42\.\n<\/stdin>$/,
    );
  });

  test(`${head} with only piped stdin takes it as the prompt`, async () => {
    const server = await serve([{ text: 'Four.' }]);
    const { root, env } = await setup();
    const model = `openai-compatible:${server.url}/v1`;
    const out = await shell(
      `echo "What is 2+2?" | ${head} --model ${model} --root '${root}' --no-skills`,
      env,
    );
    assert.equal(out.code, 0, out.stderr);
    assert.match(lastUser(server.modelCalls[0]?.body), /^What is 2\+2\?\n$/);
  });

  test(`${head}: stdin over 2 MiB is refused with what to do, before any model call`, async () => {
    const server = await serve([{ text: 'never' }]);
    const { root, env } = await setup();
    const model = `openai-compatible:${server.url}/v1`;
    const out = await shell(
      `head -c 3000000 /dev/zero | tr '\\0' a | ${head} "summarise" --model ${model} --root '${root}' --no-skills`,
      env,
    );
    assert.equal(out.code, 2, out.stderr);
    assert.match(out.stderr, /stdin is larger than 2 MiB; cut it down \(e\.g\. head -c 1M\)/);
    assert.equal(server.modelCalls.length, 0);
  });
}

test('no prompt and nothing on stdin is a usage error naming both ways', async () => {
  const { env } = await setup();
  const ask = await runKodama(['ask', '--model', 'openai-compatible:http://127.0.0.1:2/v1'], env);
  assert.equal(ask.code, 2);
  assert.match(ask.stderr, /kodama ask needs a prompt.*or on stdin: echo/);
  const print = await runKodama(['-p', '--model', 'openai-compatible:http://127.0.0.1:2/v1'], env);
  assert.equal(print.code, 2);
  assert.match(print.stderr, /-p needs a prompt: kodama -p "<prompt>", or on stdin/);
});

for (const head of ['$KODAMA ask --json', '$KODAMA -p --json'] as const) {
  test(`${head} | head -1 ends quietly with 141 and keeps the session`, async () => {
    // A long, slow answer: head has gone long before it ends.
    const text = 'word '.repeat(400);
    const server = await serve([{ text, chunkSize: 4, chunkDelayMs: 5 }]);
    const { root, env } = await setup();
    const model = `openai-compatible:${server.url}/v1`;
    const session = head.includes('ask') ? '--session piped-1' : '';
    const out = await shell(
      `${head} "talk" ${session} --model ${model} --root '${root}' --no-skills | head -1; echo "status \${PIPESTATUS[0]}" >&2`,
      env,
    );
    assert.equal(out.stdout.trim().split('\n').length, 1, out.stdout);
    assert.doesNotThrow(() => JSON.parse(out.stdout), `${out.stdout}\n${out.stderr}`);
    assert.match(out.stderr, /status 141/);
    assert.doesNotMatch(out.stderr, /EPIPE|Error:|at .*\.js:\d+/);
    const listed = await runKodama(['sessions', 'list'], env);
    assert.match(listed.stdout, head.includes('ask') ? /piped-1/ : /kodama-\d{8}-\d{6}-[0-9a-f]{4}/);
  });
}
