// `kodama memory`: list, search, rm and export over the memory database the
// memory extension writes (filled here through the same store).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { LibsqlMemoryStore, MemoryDatabase } from '@kodama/memory';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function filled(): Promise<NodeJS.ProcessEnv> {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-cli-memory-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'data', 'kodama'), { recursive: true });
  const db = await MemoryDatabase.open({ url: `file:${join(dir, 'data', 'kodama', 'memory.db')}` });
  const store = await LibsqlMemoryStore.open({ db });
  await store.add('ana', 'Prefers tabs over spaces.', 'message:u1');
  await store.add('ana', 'Works on the billing service.', 'message:u2');
  await store.add('bob', 'Likes Perl.', 'cli');
  db.close();
  return isolatedEnv({ XDG_DATA_HOME: join(dir, 'data') });
}

test('list, search and rm one user memories; export prints memories and history as JSON', async () => {
  const env = await filled();
  const list = await runKodama(['memory', 'list', '--user', 'ana'], env);
  assert.equal(list.code, 0, list.stderr);
  const lines = list.stdout.trimEnd().split('\n');
  assert.match(lines[0]!, /^ID\s+CHANGED\s+SOURCE\s+MEMORY$/);
  assert.match(lines[1]!, /^m1\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+message:u1\s+Prefers tabs over spaces\.$/);
  assert.equal(lines.length, 3, "only ana's two memories");

  const search = await runKodama(['memory', 'search', 'billing', '--user', 'ana', '--json'], env);
  assert.deepEqual(
    (JSON.parse(search.stdout) as Array<{ id: string }>).map((m) => m.id),
    ['m2'],
  );

  const rm = await runKodama(['memory', 'rm', 'm1', '--user', 'ana'], env);
  assert.equal(rm.stdout, 'Forgot m1.\n');
  const again = await runKodama(['memory', 'rm', 'm1', '--user', 'ana'], env);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /ana has no memory "m1"; kodama memory list shows the ids/);
  const notBobs = await runKodama(['memory', 'rm', 'm3', '--user', 'ana'], env);
  assert.equal(notBobs.code, 1, "ana cannot delete bob's memory");

  const exported = JSON.parse((await runKodama(['memory', 'export', '--user', 'ana'], env)).stdout) as {
    memories: Array<{ text: string }>;
    history: Array<{ event: string; memoryId: string; source: string }>;
  };
  assert.deepEqual(
    exported.memories.map((m) => m.text),
    ['Works on the billing service.'],
  );
  assert.deepEqual(
    exported.history.map((h) => [h.event, h.memoryId, h.source]),
    [
      ['ADD', 'm1', 'message:u1'],
      ['ADD', 'm2', 'message:u2'],
      ['DELETE', 'm1', 'cli'],
    ],
  );
});

test('usage errors name the fix', async () => {
  const env = isolatedEnv();
  const bad = await runKodama(['memory', 'wipe'], env);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown memory action "wipe": use list, search <query>, rm <id> or export/);
  const noId = await runKodama(['memory', 'rm'], env);
  assert.match(noId.stderr, /needs a memory id, e.g. m12/);
  const empty = await runKodama(['memory', 'list', '--user', 'nobody'], await filled());
  assert.equal(empty.stdout, 'No memories kept for nobody.\n');
});

test('what an agent with the CLI memory extension captures, kodama memory lists', async () => {
  const { Agent } = await import('@kodama/core');
  const { resolveModel } = await import('@kodama/models');
  const { startOpenAICompatibleServer } = await import('@kodama/testkit');
  const { openMemoryExtension } = await import('../src/corpus-setup.ts');
  const dir = mkdtempSync(join(tmpdir(), 'kodama-cli-memory-agent-'));
  dirs.push(dir);
  const env = isolatedEnv({ XDG_DATA_HOME: join(dir, 'data') });
  const server = await startOpenAICompatibleServer({
    script: (r) => {
      const system = JSON.stringify((r.body as { messages: unknown[] }).messages[0]);
      return system.includes('list the facts worth remembering')
        ? { text: '{"facts":["Runs Arch Linux."]}' }
        : { text: 'Nice.' };
    },
    embeddings: { dimensions: 16 },
  });
  try {
    const { db, extension } = await openMemoryExtension({
      env,
      userId: 'ana',
      embed: `openai-compatible:${server.url}/v1@embedder`,
    });
    const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
    const agent = new Agent({
      model,
      systemPrompt: 'You help.',
      configure: (c) => c.addExtension(extension),
    });
    await agent.turn('I run Arch Linux on my laptop');
    await agent.close();
    db.close();
    const list = await runKodama(['memory', 'list', '--user', 'ana'], env);
    assert.match(list.stdout, /^m1\s+\S+ \S+\s+message:\S+\s+Runs Arch Linux\.$/m);
    // The search embeds the query with the model the memories were embedded with.
    const before = server.requests.filter((r) => r.path === '/v1/embeddings').length;
    const search = await runKodama(
      ['memory', 'search', 'operating system arch', '--user', 'ana', '--json'],
      env,
    );
    assert.equal((JSON.parse(search.stdout) as Array<{ text: string }>)[0]?.text, 'Runs Arch Linux.');
    assert.equal(server.requests.filter((r) => r.path === '/v1/embeddings').length, before + 1);
  } finally {
    await server.close();
  }
});
