// One bad thing fails only itself. A bad file in the sessions folder (empty,
// cut off, corrupt, another session's file copied under a new name) fails only
// its own session: `kodama sessions list` and `ask --continue` pass over it
// with one warning on stderr naming the file, and the good sessions are listed
// and continued; nothing is deleted. A persona naming a tool its agent cannot
// hand down fails only that sub-agent, as an `Error:` observation, and the
// parent's turn completes. When the step budget runs out, the synthesized
// answer is the answer: on stdout. Real `kodama` processes, real HTTP to
// testkit's scripted server; outcomes are bytes, files and exit statuses.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Agent } from '@kodama/core';
import { InMemoryEventList } from '@kodama/core/listeners';
import { resolveModel } from '@kodama/models';
import { definePersona, subAgents } from '@kodama/subagents';
import type { RecordedRequest, ScriptedReply } from '@kodama/testkit';
import { BIN, isolatedEnv } from '../../packages/cli/test/support/run-kodama.ts';
import { scriptedServers } from '../../packages/cli/test/support/scripted-servers.ts';

const serve = scriptedServers();

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function kodama(args: readonly string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A data home with two good sessions, `older` and `newer` (most recent). */
async function homeWithSessions(): Promise<{ env: NodeJS.ProcessEnv; dir: string; model: string[] }> {
  const home = await mkdtemp(join(tmpdir(), 'kodama-sec-sessions-'));
  const env = isolatedEnv({ XDG_DATA_HOME: join(home, 'data') });
  const server = await serve((r: RecordedRequest) => ({
    text: `answer ${(r.body as { messages: unknown[] }).messages.length}`,
  }));
  const model = ['--model', `openai-compatible:${server.url}/v1`];
  for (const id of ['older', 'newer']) {
    const out = await kodama(['ask', '--session', id, ...model, `about ${id}`], env);
    assert.equal(out.code, 0, out.stderr);
  }
  return { env, dir: join(home, 'data', 'kodama', 'sessions'), model };
}

/** The session ids of a `sessions list` table. */
function listed(stdout: string): string[] {
  return stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(/\s+/)[0]!);
}

/** The files of the sessions folder with their bytes: what must survive. */
async function folder(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.jsonl')).sort();
  return new Map(
    await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), 'utf8')] as const)),
  );
}

/** Warning lines on stderr that name `file`. */
function warnings(stderr: string, file: string): string[] {
  return stderr.split('\n').filter((l) => l.includes(file));
}

const BAD_FILES: readonly [string, string, (dir: string) => Promise<void>][] = [
  ['an empty session file', 'empty.jsonl', (dir) => writeFile(join(dir, 'empty.jsonl'), '')],
  [
    'a header cut off mid-line',
    'cut.jsonl',
    async (dir) =>
      writeFile(join(dir, 'cut.jsonl'), (await readFile(join(dir, 'older.jsonl'), 'utf8')).slice(0, 30)),
  ],
  [
    'a file of corrupt JSON',
    'junk.jsonl',
    (dir) => writeFile(join(dir, 'junk.jsonl'), '{not json\n{"commit":\n'),
  ],
  [
    "another session's file copied under a new name",
    'older-copy.jsonl',
    (dir) => copyFile(join(dir, 'older.jsonl'), join(dir, 'older-copy.jsonl')),
  ],
  [
    'a commit line turned to garbage',
    'torn.jsonl',
    async (dir) => {
      const lines = (await readFile(join(dir, 'newer.jsonl'), 'utf8')).split('\n');
      const header = lines[0]!.replace('"newer"', '"torn"');
      const commit = lines.findIndex((l) => l.startsWith('{"commit"'));
      lines[0] = header;
      lines[commit] = '{"commit": ###';
      await writeFile(join(dir, 'torn.jsonl'), lines.join('\n'));
    },
  ],
];

describe('a bad file in the sessions folder fails only its own session', () => {
  for (const [what, file, plant] of BAD_FILES) {
    test(`sessions: ${what} is skipped by sessions list with one warning naming it; the good ones are listed, nothing deleted`, async () => {
      const { env, dir } = await homeWithSessions();
      await plant(dir);
      const before = await folder(dir);
      const out = await kodama(['sessions', 'list'], env);
      assert.equal(out.code, 0, out.stderr);
      assert.deepEqual(listed(out.stdout), ['newer', 'older']);
      assert.equal(warnings(out.stderr, file).length, 1, out.stderr);
      assert.deepEqual(await folder(dir), before, 'every file is still there, unchanged');
    });
  }

  test('sessions: ask --continue passes over a damaged most-recent session with a warning and continues the next', async () => {
    const { env, dir, model } = await homeWithSessions();
    // `newer` is the most recent; a message line in it turns to garbage (its commit still counts it).
    const path = join(dir, 'newer.jsonl');
    const lines = (await readFile(path, 'utf8')).split('\n');
    const message = lines.findIndex((l, i) => i > 0 && !l.startsWith('{"commit"') && !l.startsWith('{"run"'));
    lines[message] = '{"broken":';
    await writeFile(path, lines.join('\n'));
    const damaged = await readFile(path, 'utf8');
    const out = await kodama(['ask', '--continue', ...model, 'go on'], env);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(warnings(out.stderr, 'newer.jsonl').length, 1, out.stderr);
    const older = await readFile(join(dir, 'older.jsonl'), 'utf8');
    assert.match(older, /go on/, 'the next good session was continued');
    assert.equal(await readFile(path, 'utf8'), damaged, 'the damaged file is left as it was');
  });

  test('sessions: ask --continue with a copied file in the folder continues the real session', async () => {
    const { env, dir, model } = await homeWithSessions();
    await copyFile(join(dir, 'newer.jsonl'), join(dir, 'newer-2.jsonl'));
    const out = await kodama(['ask', '--continue', ...model, 'still here?'], env);
    assert.equal(out.code, 0, out.stderr);
    assert.match(await readFile(join(dir, 'newer.jsonl'), 'utf8'), /still here\?/);
    assert.doesNotMatch(await readFile(join(dir, 'newer-2.jsonl'), 'utf8'), /still here\?/);
  });

  test('sessions: asking for the bad session by name fails that command only, saying which file', async () => {
    const { env, dir, model } = await homeWithSessions();
    await writeFile(join(dir, 'empty.jsonl'), '');
    const out = await kodama(['ask', '--session', 'empty', ...model, 'hi'], env);
    assert.notEqual(out.code, 0);
    assert.match(out.stderr, /empty\.jsonl/);
    assert.equal(await readFile(join(dir, 'empty.jsonl'), 'utf8'), '', 'nothing was written over it');
    const good = await kodama(['ask', '--session', 'older', ...model, 'and you?'], env);
    assert.equal(good.code, 0, good.stderr);
  });

  test('ordinary work: a clean sessions folder lists every session and warns about nothing', async () => {
    const { env } = await homeWithSessions();
    const out = await kodama(['sessions', 'list'], env);
    assert.equal(out.code, 0, out.stderr);
    assert.deepEqual(listed(out.stdout), ['newer', 'older']);
    assert.equal(out.stderr, '');
  });
});

describe('a persona naming a tool it may not have fails only that sub-agent', () => {
  const SEEKER = definePersona({
    name: 'seeker',
    description: 'Looks things up.',
    toolNames: ['calculator'],
    systemPrompt: 'You are SEEKER.',
    maxSteps: 3,
  });
  const GREEDY = definePersona({
    name: 'greedy',
    description: 'Wants a shell.',
    toolNames: ['calculator', 'bash'],
    systemPrompt: 'You are GREEDY.',
    maxSteps: 3,
  });

  async function parent(route: (system: string, results: number) => ScriptedReply) {
    const server = await serve((r: RecordedRequest) => {
      const messages = (r.body as { messages: { role: string; content?: unknown }[] }).messages;
      const system = String(messages.find((m) => m.role === 'system')?.content ?? '');
      return route(system, messages.filter((m) => m.role === 'tool').length);
    });
    const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
    const { calculatorTool } = await import('@kodama/tools/calculator');
    const events = new InMemoryEventList();
    const agent = new Agent({
      model,
      systemPrompt: 'You are the parent.',
      configure: (c) => {
        c.addListener(events);
        c.addTool(calculatorTool());
        c.addExtension(subAgents({ personas: [GREEDY, SEEKER] }));
      },
    });
    return { agent, events, server };
  }

  test('personas: a persona listing bash the parent does not have gets an Error observation; the parent run completes', async () => {
    const { agent, events, server } = await parent((system, results) => {
      if (system.startsWith('You are')) {
        if (system.startsWith('You are GREEDY') || system.startsWith('You are SEEKER'))
          return { text: 'child answer' };
      }
      return results === 0
        ? { toolCalls: [{ name: 'agent', arguments: { name: 'greedy', task: 'rm -rf the repo' } }] }
        : { text: 'parent carried on' };
    });
    const run = await agent.ask('Delegate.');
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'parent carried on');
    const result = events.events.find((e) => e.type === 'tool-result' && e.agentId === '');
    assert.ok(result?.type === 'tool-result');
    assert.match(String(result.content), /^Error: /);
    assert.equal(
      server.modelCalls.some((c) => JSON.stringify(c.body).includes('You are GREEDY')),
      false,
      'no sub-agent ever reached the model',
    );
    await agent.close();
  });

  test('ordinary work: beside it, a persona whose tools the parent has still runs and answers', async () => {
    const { agent, events } = await parent((system, results) => {
      if (system.startsWith('You are SEEKER')) return { text: 'sought it' };
      return results === 0
        ? {
            toolCalls: [
              { name: 'agent', arguments: { name: 'greedy', task: 'x' } },
              { name: 'agent', arguments: { name: 'seeker', task: 'y' } },
            ],
          }
        : { text: 'both answered' };
    });
    const run = await agent.ask('Delegate twice.');
    assert.equal(run.outcome, 'completed', String(run.error));
    const results = events.events.flatMap((e) => (e.type === 'tool-result' && e.agentId === '' ? [e] : []));
    assert.match(String(results[0]?.content), /^Error: /);
    assert.equal(results[1]?.content, 'sought it');
    await agent.close();
  });
});

describe('when the step budget runs out, the synthesized answer is the answer', () => {
  const calc = (expression: string) => ({ toolCalls: [{ name: 'calculator', arguments: { expression } }] });

  async function budgetSpent(args: readonly string[]): Promise<Outcome> {
    const server = await serve([calc('1 + 1'), calc('2 + 2'), { text: 'synthesized: 2 and 4' }]);
    const cwd = await mkdtemp(join(tmpdir(), 'kodama-sec-synth-'));
    await mkdir(join(cwd, '.data'), { recursive: true });
    const env = isolatedEnv({ XDG_DATA_HOME: join(cwd, '.data') });
    return kodama([...args, '--max-steps', '1', '--model', `openai-compatible:${server.url}/v1`], env, cwd);
  }

  test('budget: kodama ask prints the synthesized answer on stdout, exit 0', async () => {
    const out = await budgetSpent(['ask', '--tools', 'calculator', 'add things']);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stdout, 'synthesized: 2 and 4\n');
  });

  test('budget: kodama -p prints the synthesized answer on stdout', async () => {
    const out = await budgetSpent(['-p', 'add things', '--tools', 'calculator']);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stdout, 'synthesized: 2 and 4\n');
  });

  test('budget: kodama ask --json carries the synthesized answer as an assistant event', async () => {
    const out = await budgetSpent(['ask', '--json', '--tools', 'calculator', 'add things']);
    assert.equal(out.code, 0, out.stderr);
    const events = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string });
    assert.ok(events.some((e) => e.type === 'assistant' && e.text === 'synthesized: 2 and 4'));
  });
});
