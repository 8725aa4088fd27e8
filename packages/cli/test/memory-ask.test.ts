// Memory across conversations through the real `kodama ask` and `kodama -p`:
// one process captures a fact from the user's words (the scripted model's
// capture answer), the next gets it back in the `<memory-context>` block and
// the resident summary of its request. Chat and embeddings over HTTP against
// the scripted OpenAI-compatible server (hash vectors on /v1/embeddings).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

const dirs: string[] = [];
const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const FACT = 'Deploys with Kamal to Hetzner.';

type Body = { messages: Array<{ role: string; content: unknown }> };
const text = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));
const isCapture = (body: Body) =>
  text(body.messages[0]?.content).includes('list the facts worth remembering');

/** A server whose capture call finds the deployment fact in a message that mentions Kamal, nothing else. */
async function memoryServer(): Promise<ScriptedServer> {
  const server = await startOpenAICompatibleServer({
    script: (r) => {
      const body = r.body as Body;
      if (isCapture(body)) {
        const said = body.messages
          .slice(1)
          .map((m) => text(m.content))
          .join('\n');
        return { text: JSON.stringify({ facts: said.includes('Kamal') ? [FACT] : [] }) };
      }
      return { text: 'Noted.' };
    },
    embeddings: { dimensions: 32 },
  });
  servers.push(server);
  return server;
}

function setup(server: ScriptedServer, extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-cli-memory-ask-'));
  dirs.push(dir);
  const env = isolatedEnv({
    HOME: join(dir, 'home'),
    XDG_DATA_HOME: join(dir, 'data'),
    KODAMA_EMBED: `openai-compatible:${server.url}/v1@embedder`,
    ...extra,
  });
  const model = `openai-compatible:${server.url}/v1`;
  return { dir, env, model };
}

/** The main (not capture) model requests since `from`. */
const mainCalls = (server: ScriptedServer, from = 0) =>
  server.modelCalls
    .slice(from)
    .map((r) => r.body as Body)
    .filter((b) => !isCapture(b));

test('kodama ask --memory remembers a fact; the next ask gets it in <memory-context> and the summary', async () => {
  const server = await memoryServer();
  const { env, model } = setup(server);
  const first = await runKodama(
    ['ask', '--memory', '--user', 'ana', '--model', model, 'We deploy our app with Kamal to Hetzner.'],
    env,
  );
  assert.equal(first.code, 0, first.stderr);
  assert.equal(first.stdout.trim(), 'Noted.');
  assert.equal(server.modelCalls.filter((r) => isCapture(r.body as Body)).length, 1, 'captured on close');
  assert.ok(
    server.requests.some((r) => r.path === '/v1/embeddings'),
    'the memory was embedded with $KODAMA_EMBED',
  );
  const list = await runKodama(['memory', 'list', '--user', 'ana'], env);
  assert.match(list.stdout, /^m1\s+\S+ \S+\s+message:\S+\s+Deploys with Kamal to Hetzner\.$/m);

  const from = server.modelCalls.length;
  const second = await runKodama(
    ['ask', '--memory', '--user', 'ana', '--model', model, 'How should I ship the new service?'],
    env,
  );
  assert.equal(second.code, 0, second.stderr);
  const [request] = mainCalls(server, from);
  const messages = request!.messages.map((m) => ({ role: m.role, content: text(m.content) }));
  assert.match(
    messages[0]!.content,
    /## What you remember about the user[\s\S]*Deploys with Kamal to Hetzner\./,
  );
  const promptAt = messages.findIndex((m) => m.content.includes('How should I ship the new service?'));
  const context = messages.findIndex((m) => m.content.includes('<memory-context>'));
  assert.ok(promptAt > 0 && context === promptAt + 1, JSON.stringify(messages));
  assert.match(
    messages[context]!.content,
    /<memory-context>[\s\S]*Deploys with Kamal to Hetzner\.[\s\S]*<\/memory-context>/,
  );
  assert.ok(
    !messages[promptAt]!.content.includes('<memory-context>'),
    'the block is not part of the user turn',
  );
  // A question holds no fact: nothing more is kept.
  const again = await runKodama(['memory', 'list', '--user', 'ana', '--json'], env);
  assert.deepEqual(
    (JSON.parse(again.stdout) as Array<{ text: string }>).map((m) => m.text),
    [FACT],
  );

  // Another user's memories are not ana's.
  const bobFrom = server.modelCalls.length;
  const bob = await runKodama(['ask', '--memory', '--user', 'bob', '--model', model, 'How do I ship?'], env);
  assert.equal(bob.code, 0, bob.stderr);
  assert.doesNotMatch(JSON.stringify(mainCalls(server, bobFrom)[0]), /Kamal/);
});

test('"memory": true in the configuration turns memory on for ask and -p; --no-memory turns it off', async () => {
  const server = await memoryServer();
  const { dir, env, model } = setup(server);
  const config = join(dir, 'config');
  mkdirSync(join(config, 'kodama'), { recursive: true });
  writeFileSync(join(config, 'kodama', 'config.json'), JSON.stringify({ memory: true }));
  const configured = { ...env, XDG_CONFIG_HOME: config, USER: 'ana' };
  const root = join(dir, 'project');
  mkdirSync(root);

  const told = await runKodama(
    [
      '-p',
      'Remember: we deploy with Kamal to Hetzner.',
      '--model',
      model,
      '--root',
      root,
      '--no-skills',
      '--user',
      'ana',
    ],
    configured,
  );
  assert.equal(told.code, 0, told.stderr);
  const from = server.modelCalls.length;
  const asked = await runKodama(['ask', '--user', 'ana', '--model', model, 'How do we ship?'], configured);
  assert.equal(asked.code, 0, asked.stderr);
  assert.match(
    JSON.stringify(mainCalls(server, from)[0]),
    /<memory-context>.*Deploys with Kamal to Hetzner\./,
  );

  const offFrom = server.modelCalls.length;
  const off = await runKodama(['ask', '--no-memory', '--model', model, 'How do we ship?'], configured);
  assert.equal(off.code, 0, off.stderr);
  assert.equal(server.modelCalls.length, offFrom + 1, 'no capture call');
  assert.doesNotMatch(JSON.stringify(server.modelCalls.at(-1)!.body), /Kamal|memory-context/);
});

test('memory flags and configuration: clear errors', async () => {
  const server = await memoryServer();
  const { dir, env, model } = setup(server);
  const both = await runKodama(['ask', '--memory', '--no-memory', 'hi'], env);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /use --memory or --no-memory, not both/);
  const userOnly = await runKodama(['ask', '--user', 'ana', '--model', model, 'hi'], env);
  assert.equal(userOnly.code, 2);
  assert.match(userOnly.stderr, /--user names whose memories to use: add --memory/);
  const config = join(dir, 'bad-config');
  mkdirSync(join(config, 'kodama'), { recursive: true });
  writeFileSync(join(config, 'kodama', 'config.json'), JSON.stringify({ memory: 'yes' }));
  const bad = await runKodama(['ask', '--model', model, 'hi'], { ...env, XDG_CONFIG_HOME: config });
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /config\.json: "memory" must be true or false/);
});
