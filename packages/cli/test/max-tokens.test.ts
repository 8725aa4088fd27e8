// `--max-tokens`: the real CLI process, the real model layer over HTTP, against
// testkit's scripted server, which records each request's body.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import * as acp from '@agentclientprotocol/sdk';
import { startEditor } from './support/acp-client.ts';
import { acpFlags, acpProject, stepModel } from './support/acp-project.ts';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

const maxTokensOf = (body: unknown): unknown => (body as { max_tokens?: unknown }).max_tokens;

test('ask --max-tokens reaches every request body as max_tokens; without it none is sent', async () => {
  const server = await serve([
    { toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] },
    { text: '42.' },
    { text: 'plain' },
  ]);
  const model = `openai-compatible:${server.url}/v1`;
  const out = await runKodama(
    ['ask', '--model', model, '--max-tokens', '123', 'what is 6 * 7?'],
    isolatedEnv(),
  );
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), '42.');
  assert.deepEqual(
    server.modelCalls.map((c) => maxTokensOf(c.body)),
    [123, 123],
  );
  const plain = await runKodama(['ask', '--model', model, 'hi'], isolatedEnv());
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(maxTokensOf(server.modelCalls[2]?.body), undefined, 'the provider default stays the default');
});

test('kodama -p --max-tokens reaches the request; the configuration\'s "maxTokens" applies without the flag', async () => {
  const server = await serve([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
  const root = await mkdtemp(join(tmpdir(), 'kodama-max-tokens-'));
  const home = join(root, '.home');
  const config = join(root, '.config');
  await mkdir(join(config, 'kodama'), { recursive: true });
  await writeFile(join(config, 'kodama', 'config.json'), JSON.stringify({ maxTokens: 2048 }));
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: config });
  const model = `openai-compatible:${server.url}/v1`;
  const common = ['--model', model, '--root', root, '--no-skills', '--tools', 'calculator'];
  const flagged = await runKodama(['-p', 'hi', ...common, '--max-tokens', '77'], env);
  assert.equal(flagged.code, 0, flagged.stderr);
  const configured = await runKodama(['-p', 'hi', ...common], env);
  assert.equal(configured.code, 0, configured.stderr);
  assert.deepEqual(
    server.modelCalls.map((c) => maxTokensOf(c.body)),
    [77, 2048],
    'the flag wins over the configuration',
  );
});

test('a --max-tokens that is not a positive whole number exits 2 with a clear message, before any request', async () => {
  const server = await serve([{ text: 'never' }]);
  const model = `openai-compatible:${server.url}/v1`;
  for (const bad of ['0', '-1', 'abc', '1.5', '']) {
    for (const argv of [
      ['ask', '--model', model, `--max-tokens=${bad}`, 'hi'],
      ['-p', 'hi', '--model', model, `--max-tokens=${bad}`],
    ]) {
      const out = await runKodama(argv, isolatedEnv());
      assert.equal(out.code, 2, `${argv.join(' ')}: ${out.stderr}`);
      assert.match(
        out.stderr,
        new RegExp(`--max-tokens must be a positive whole number of tokens, got "${bad}"`),
      );
    }
  }
  const spaced = await runKodama(['ask', '--model', model, '--max-tokens', '-1', 'hi'], isolatedEnv());
  assert.equal(spaced.code, 2, spaced.stderr);
  assert.match(spaced.stderr, /--max-tokens/);
  assert.equal(server.modelCalls.length, 0);
});

test('a configuration "maxTokens" that is not a positive whole number is refused, naming the file', async () => {
  const server = await serve([{ text: 'never' }]);
  const root = await mkdtemp(join(tmpdir(), 'kodama-max-tokens-'));
  const config = join(root, '.config');
  await mkdir(join(config, 'kodama'), { recursive: true });
  await writeFile(join(config, 'kodama', 'config.json'), JSON.stringify({ maxTokens: -3 }));
  const env = isolatedEnv({ HOME: join(root, '.home'), XDG_CONFIG_HOME: config });
  const out = await runKodama(
    ['-p', 'hi', '--model', `openai-compatible:${server.url}/v1`, '--root', root],
    env,
  );
  assert.notEqual(out.code, 0);
  assert.match(out.stderr, /config\.json: "maxTokens" must be a positive whole number of tokens/);
  assert.equal(server.modelCalls.length, 0);
});

test('an answer the limit cut fails the turn (exit 1) naming the output-token limit, its text still shown', async () => {
  const server = await serve([{ text: 'The answer is cu', finishReason: 'length' }]);
  const model = `openai-compatible:${server.url}/v1`;
  const out = await runKodama(['ask', '--model', model, '--max-tokens', '5', 'hi'], isolatedEnv());
  assert.equal(out.code, 1, out.stderr);
  assert.equal(out.stdout, 'The answer is cu');
  assert.match(out.stderr, /OutputTruncatedError: the answer was cut by the output-token limit/);
  assert.equal(maxTokensOf(server.modelCalls[0]?.body), 5);
});

test('kodama acp --max-tokens reaches the requests of the sessions an editor opens', async () => {
  const { root, env } = acpProject();
  const { server, model } = await stepModel([], 'ok');
  const editor = await startEditor(acpFlags(model, '--max-tokens', '321'), env);
  try {
    const { sessionId } = await editor.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    const done = await editor.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'hi' }],
    });
    assert.equal(done.stopReason, 'end_turn', editor.stderr());
    assert.deepEqual(
      server.modelCalls.map((c) => maxTokensOf(c.body)),
      [321],
    );
  } finally {
    await editor.close();
  }
});
