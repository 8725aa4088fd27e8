// `kodama trifecta` and `kodama ask --tools agent` through the real command.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const trifecta = (...flags: string[]) => runKodama(['trifecta', '--no-skills', ...flags], isolatedEnv());

test('kodama trifecta maps the assistant the same flags build; loud exits 3', async () => {
  const reader = await trifecta('--tools', 'read,grep,glob');
  assert.equal(reader.code, 0, reader.stderr);
  assert.equal(reader.stdout.split('\n')[0], 'main  private=yes untrusted=none egress=none  → SILENT');
  assert.doesNotMatch(reader.stdout, /\x1b\[/, 'no colour codes off a terminal');

  const loud = await trifecta('--tools', 'read,bash,fetch', '--yes');
  assert.equal(loud.code, 3);
  assert.match(loud.stdout, /^verdict: LOUD {2}worst path: main$/m);

  const confirmed = await trifecta('--tools', 'read,bash');
  assert.equal(confirmed.code, 0);
  assert.match(confirmed.stdout, /- bash: private=yes untrusted=hard egress=reviewed/);
});

test('with --tools agent the map has a node per persona; --json gives the report', async () => {
  const out = await trifecta('--tools', 'read,agent', '--json');
  assert.equal(out.code, 3, out.stderr);
  const report = JSON.parse(out.stdout) as {
    verdict: string;
    worstPath: string[];
    root: { tools: Record<string, unknown>; children: { label: string; channelEgress: string }[] };
  };
  assert.deepEqual(
    report.root.children.map((c) => `${c.label}/${c.channelEgress}`),
    ['researcher/unreviewed', 'file_miner/unreviewed', 'reviewer/unreviewed'],
  );
  assert.deepEqual(Object.keys(report.root.tools), ['read', 'agent'], 'persona-only tools stay off main');
  assert.deepEqual([report.verdict, report.worstPath], ['loud', ['main', 'researcher']]);
});

test('a bad persona file fails with its path and the problem', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-agents-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'agents.yaml');
  await writeFile(
    file,
    '- name: tester\n  description: d\n  tools: [teleport]\n  systemPrompt: p\n  maxSteps: 3\n',
  );
  const out = await trifecta('--tools', 'agent', '--agents', file);
  assert.equal(out.code, 2);
  assert.match(
    out.stderr,
    /persona "tester" \(in .*agents.yaml\) names the tool "teleport", which kodama does not have/,
  );
  await writeFile(file, 'personas: {');
  const broken = await trifecta('--tools', 'agent', '--agents', file);
  assert.equal(broken.code, 2);
  assert.ok(broken.stderr.includes(`${file}: not valid JSON or YAML`), broken.stderr);
});

test('kodama ask --tools agent: the file miner reads with tools main never sees', async (t) => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-miner-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  await writeFile(join(root, 'VERSION'), '4.2.0\n');
  const server = await serve((request) => {
    const body = request.body as { messages: { role: string; content: unknown }[] };
    const system = String(body.messages[0]?.content);
    const results = body.messages.filter((m) => m.role === 'tool').length;
    if (system.startsWith('You are FILE_MINER')) {
      if (results === 0) return { toolCalls: [{ name: 'read', arguments: { path: 'VERSION' } }] };
      return { text: 'VERSION says 4.2.0' };
    }
    if (results === 0)
      return {
        toolCalls: [{ name: 'agent', arguments: { name: 'file_miner', task: 'Which version is this?' } }],
      };
    return { text: 'It is version 4.2.0.' };
  });
  const out = await runKodama(
    [
      'ask',
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--tools',
      'agent',
      '--root',
      root,
      '--no-skills',
      'version?',
    ],
    isolatedEnv(),
  );
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /It is version 4\.2\.0\./);
  const tools = (i: number) =>
    (server.modelCalls[i]!.body as { tools: { function: { name: string } }[] }).tools.map(
      (t) => t.function.name,
    );
  assert.deepEqual(tools(0), ['agent']);
  assert.deepEqual(tools(1), ['read', 'grep', 'glob']);
  const last = server.modelCalls.at(-1)!.body as { messages: { role: string; content: unknown }[] };
  assert.equal(last.messages.find((m) => m.role === 'tool')?.content, 'VERSION says 4.2.0');
  assert.match(out.stderr, /file_miner 0/, "the child's narration is shown");
});
