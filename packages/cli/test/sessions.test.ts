// Sessions from the command line: --session, --continue, --store, kodama sessions list/show/rm,
// and a run killed with SIGKILL resumed from each store with nothing lost but the batch in flight.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { defaultSessionDir, JsonlSessionStore, type SessionStore } from '@kodama/core/session';
import { SqliteSessionStore } from '@kodama/sqlite';
import { BIN, isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const dirs: string[] = [];
after(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function dataHome(): Promise<NodeJS.ProcessEnv> {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-cli-data-'));
  dirs.push(dir);
  return isolatedEnv({ XDG_DATA_HOME: dir });
}

async function openStore(kind: 'jsonl' | 'sqlite', env: NodeJS.ProcessEnv): Promise<SessionStore> {
  if (kind === 'jsonl') return new JsonlSessionStore({ env });
  return SqliteSessionStore.open({ url: `file:${join(dirname(defaultSessionDir(env)), 'sessions.db')}` });
}

const calc = (expression: string, latencyMs = 0) => ({
  toolCalls: [{ name: 'calculator', arguments: { expression } }],
  latencyMs,
});

for (const kind of ['jsonl', 'sqlite'] as const) {
  describe(`--store ${kind}`, () => {
    test('--session continues a conversation; sessions list, show and rm', async () => {
      const env = await dataHome();
      const server = await serve([
        calc('6 * 7'),
        { text: 'The answer is 42.' },
        { text: 'You asked about 6 * 7.' },
      ]);
      const model = ['--model', `openai-compatible:${server.url}/v1`, '--store', kind];
      const first = await runKodama(['ask', ...model, '--session', 'math', 'What is 6 * 7?'], env);
      assert.equal(first.code, 0, first.stderr);
      const second = await runKodama(['ask', ...model, '--continue', 'What did I ask?'], env);
      assert.equal(second.code, 0, second.stderr);
      const sent = server.modelCalls[2]?.body as { messages: { role: string; content: unknown }[] };
      assert.deepEqual(
        sent.messages.map((m) => m.role),
        ['system', 'user', 'assistant', 'tool', 'assistant', 'user'],
      );

      const listed = await runKodama(['sessions', 'list', '--store', kind], env);
      assert.equal(listed.code, 0, listed.stderr);
      const [header, row] = listed.stdout.trim().split('\n');
      assert.match(header!, /^ID\s+TITLE\s+MODEL\s+MESSAGES\s+LAST ACTIVITY$/);
      assert.match(row!, /^math\s+What is 6 \* 7\?\s+openai-compatible:scripted-model\s+6\s+\d{4}-/);

      const shown = await runKodama(['sessions', 'show', 'math', '--store', kind], env);
      assert.equal(shown.code, 0, shown.stderr);
      assert.match(
        shown.stdout,
        /^user: What is 6 \* 7\?\n {2}→ calculator\(.*\)\n {2}← calculator: 42\nassistant: The answer is 42\./,
      );
      const raw = await runKodama(['sessions', 'show', 'math', '--json', '--store', kind], env);
      assert.equal((JSON.parse(raw.stdout) as unknown[]).length, 6);

      const forked = await runKodama(['sessions', 'fork', 'math', 'math-b', '--store', kind], env);
      assert.equal(forked.code, 0, forked.stderr);
      const copy = await runKodama(['sessions', 'show', 'math-b', '--json', '--store', kind], env);
      assert.equal((JSON.parse(copy.stdout) as unknown[]).length, 6);
      const clash = await runKodama(['sessions', 'fork', 'math', 'math-b', '--store', kind], env);
      assert.equal(clash.code, 1);
      assert.match(clash.stderr, /math-b/);

      assert.equal((await runKodama(['sessions', 'rm', 'math', '--store', kind], env)).code, 0);
      const gone = await runKodama(['sessions', 'show', 'math', '--store', kind], env);
      assert.equal(gone.code, 1);
      assert.match(gone.stderr, /no session "math"/);
    });

    test('a run killed with SIGKILL resumes from the store with every answered batch', async () => {
      const env = await dataHome();
      const steps = Array.from({ length: 12 }, (_, i) => calc(`${i} + 1`, 120));
      // The last request hangs: however slowly the poll below runs on a loaded
      // machine, the child is still running when it is killed.
      const server = await serve([...steps, { fault: 'hang' }]);
      const args = [
        'ask',
        '--model',
        `openai-compatible:${server.url}/v1`,
        '--store',
        kind,
        '--max-steps',
        '50',
      ];
      const child = spawn(process.execPath, [BIN, ...args, '--session', 'long', 'Count.'], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const exited = new Promise<NodeJS.Signals | null>((r) =>
        child.on('exit', (_code, signal) => r(signal)),
      );
      let store: SessionStore | undefined;
      let stored = 0;
      // Poll the store (not the clock) until a few batches are on disk, then kill without warning.
      while (stored < 4) {
        await new Promise((r) => setTimeout(r, 30));
        store ??= await openStore(kind, env).catch(() => undefined); // the child creates it
        const s = await store?.load('long').catch(() => undefined);
        stored = s?.messages.filter((m) => m.message.role === 'tool').length ?? 0;
      }
      child.kill('SIGKILL');
      assert.equal(await exited, 'SIGKILL');
      const before = (await store!.load('long'))!.messages;
      await store!.close();
      const answered = before.filter((m) => m.message.role === 'tool').length;
      assert.ok(answered >= 4);

      const resume = await serve([{ text: 'Resumed where we were.' }]);
      const again = await runKodama(
        [
          'ask',
          '--model',
          `openai-compatible:${resume.url}/v1`,
          '--store',
          kind,
          '--session',
          'long',
          'Go on.',
        ],
        env,
      );
      assert.equal(again.code, 0, again.stderr);
      const sent = resume.modelCalls[0]?.body as {
        messages: { role: string; content: unknown; tool_call_id?: string }[];
      };
      const results = sent.messages.filter((m) => m.role === 'tool');
      for (const m of before.filter((e) => e.message.role === 'tool')) {
        const id = m.message.role === 'tool' ? m.message.toolCallId : '';
        assert.ok(
          results.some((r) => r.tool_call_id === id),
          `the stored result of ${id} was sent again`,
        );
      }
      const reopened = await openStore(kind, env);
      const after = (await reopened.load('long'))!.messages;
      await reopened.close();
      assert.deepEqual(
        after.slice(0, before.length).map((m) => m.id),
        before.map((m) => m.id),
        'nothing stored before the kill was lost',
      );
      assert.equal(after.at(-1)?.message.role, 'assistant');
    });
  });
}
