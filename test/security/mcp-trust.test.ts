// MCP servers a project defines: starting one (also through the model's
// mcp_connect) is a confirmation like a shell command, refused headless
// without --yes; `${VAR}` in the project's .mcp.json is expanded only once the
// folder is trusted, never into a URL's host, and no error, log line or
// observation repeats an expanded secret (a canary value). A server with no
// declared legs is not blocked after its first call in headless use, and
// what kodama assumes of it is said once. Each case runs the real `kodama`
// against a scripted model and the real fixture MCP server, whose marker
// file logs `start <pid>` when it starts.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { RecordedRequest, ScriptedReply } from '@kodama/testkit';
import { MCP_FIXTURE, mcpProject } from '../../packages/cli/test/support/mcp-project.ts';
import { isolatedEnv, runKodama } from '../../packages/cli/test/support/run-kodama.ts';
import { scriptedServers } from '../../packages/cli/test/support/scripted-servers.ts';

const serve = scriptedServers();
const closers: Array<() => void> = [];
after(() => {
  for (const close of closers) close();
});

const SECRET = 'canary-secret-5b1e0c7d9a';

type Body = { messages: Array<{ role: string; content?: unknown }> };
const systemOf = (r: RecordedRequest) => String((r.body as Body).messages[0]?.content ?? '');
const toolTexts = (r: RecordedRequest) =>
  (r.body as Body).messages.filter((m) => m.role === 'tool').map((m) => String(m.content));

/** A model that passes screening and otherwise plays `agent`. */
function model(agent: (r: RecordedRequest) => ScriptedReply) {
  return serve((r) => {
    if (systemOf(r).startsWith('You are a security reviewer')) return { text: 'OK' };
    if (systemOf(r).startsWith('You write the one-line description')) return { text: 'Fixture tools.' };
    return agent(r);
  });
}

/** The fixture project (`fx` in .mcp.json) with a data dir, a cache dir and the canary secret in the environment. */
function project(servers?: Record<string, unknown>) {
  const { dir, root, home, marker } = mcpProject('kodama-mcp-trust-');
  if (servers) writeFileSync(join(root, '.mcp.json'), JSON.stringify({ mcpServers: servers }));
  const env = isolatedEnv({
    HOME: home,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    KODAMA_CANARY_SECRET: SECRET,
  });
  return { dir, root, home, marker, env };
}

const fx = (marker: string, extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [MCP_FIXTURE, '--marker', marker],
  description: 'Fixture tools.',
  ...extra,
});
const started = (marker: string) => /^start \d+$/m.test(readFileSync(marker, 'utf8'));
const run = (root: string, url: string, ...more: string[]) => [
  '-p',
  'go',
  '--root',
  root,
  '--model',
  `openai-compatible:${url}/v1@scripted-model`,
  '--no-skills',
  ...more,
];

/** Every file under `dir`, read as text. */
function allText(dir: string): string {
  let text = '';
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return '';
  }
  for (const name of entries) {
    const path = join(dir, name);
    text += statSync(path).isDirectory() ? allText(path) : readFileSync(path, 'utf8');
  }
  return text;
}

/** Connects `fx` through the model's tool, then answers with what it saw. */
const connectThenAnswer = (r: RecordedRequest): ScriptedReply =>
  toolTexts(r).length === 0
    ? { toolCalls: [{ name: 'mcp_connect', arguments: { id: 'fx' } }] }
    : { text: `saw: ${toolTexts(r).join(' | ').slice(0, 300)}` };

test('mcp-trust: the model starting a trusted project server is refused headless without --yes (-p)', async () => {
  const f = project();
  const m = await model(connectThenAnswer);
  const out = await runKodama(run(f.root, m.url, '--trust'), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(started(f.marker), false);
  assert.match(out.stdout, /saw: Error: .*not/);
});

test('mcp-trust: the model starting a trusted project server is refused headless without --yes (kodama ask)', async () => {
  const f = project();
  const m = await model(connectThenAnswer);
  const out = await runKodama(
    ['ask', 'go', '--root', f.root, '--trust', '--model', `openai-compatible:${m.url}/v1@scripted-model`],
    f.env,
  );
  assert.equal(out.code, 0, out.stderr);
  assert.equal(started(f.marker), false);
  assert.match(out.stderr, /MCP server "fx" \(from \.mcp\.json\) was not started: .*--yes/);
});

test('mcp-trust: with --yes the model may start a trusted project server (ordinary work)', async () => {
  const f = project();
  const m = await model(connectThenAnswer);
  const out = await runKodama(run(f.root, m.url, '--trust', '--yes'), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(started(f.marker), true);
  assert.match(out.stdout, /saw: Connected to MCP server "fx"/);
});

test("mcp-trust: a server in the user's ~/.kodama/mcp.json starts as before (no question, no --yes)", async () => {
  const f = project({});
  mkdirSync(join(f.home, '.kodama'), { recursive: true });
  writeFileSync(
    join(f.home, '.kodama', 'mcp.json'),
    JSON.stringify({ mcpServers: { fx: fx(join(f.dir, 'marker')) } }),
  );
  const m = await model(connectThenAnswer);
  const out = await runKodama(run(f.root, m.url), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(started(f.marker), true);
});

test('mcp-trust: an untrusted (revoked) project server is not offered: mcp_connect finds no such id, nothing starts', async () => {
  const f = project();
  await runKodama(['trust', '--revoke', '--root', f.root], f.env);
  const m = await model((r) =>
    toolTexts(r).length === 0
      ? { toolCalls: [{ name: 'mcp_connect', arguments: { id: 'fx' } }] }
      : { text: `saw: ${toolTexts(r).join(' | ')}` },
  );
  const out = await runKodama(run(f.root, m.url, '--yes'), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(started(f.marker), false);
  assert.doesNotMatch(systemOf(m.modelCalls[0]!), /available_mcps/);
});

test('mcp-trust: --mcp-connect of an untrusted project server exits 2 naming kodama trust, nothing starts', async () => {
  const f = project();
  await runKodama(['trust', '--revoke', '--root', f.root], f.env);
  const m = await model(() => ({ text: 'unused' }));
  const out = await runKodama(run(f.root, m.url, '--yes', '--mcp-connect', 'fx'), f.env);
  assert.equal(out.code, 2, out.stderr);
  assert.match(out.stderr, /not trusted; trust it with kodama trust, or run with --trust/);
  assert.equal(started(f.marker), false);
});

test('mcp-trust: ${VAR} is not expanded untrusted: the refusal shows the text as written, never the value', async () => {
  const f = project();
  writeFileSync(
    join(f.root, '.mcp.json'),
    JSON.stringify({
      mcpServers: { fx: fx(join(f.dir, 'marker'), { env: { KEY: '${KODAMA_CANARY_SECRET}' } }) },
    }),
  );
  const out = await runKodama(run(f.root, 'http://127.0.0.1:2', '--mcp-connect', 'fx'), f.env);
  assert.equal(out.code, 2, out.stderr);
  assert.match(out.stderr, /setting KEY/);
  assert.ok(!out.stderr.includes(SECRET) && !out.stdout.includes(SECRET));
  assert.equal(started(f.marker), false);
});

test('mcp-trust: a project url whose host comes from a variable is refused; the canary host gets nothing', async () => {
  let requests = 0;
  const canary = createServer((_req, res) => {
    requests++;
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r));
  closers.push(() => canary.close());
  const f = project({
    remote: {
      type: 'http',
      url: 'http://${CANARY_HOST}/mcp',
      headers: { Authorization: 'Bearer ${KODAMA_CANARY_SECRET}' },
    },
  });
  const env = { ...f.env, CANARY_HOST: `127.0.0.1:${(canary.address() as { port: number }).port}` };
  const m = await model(() => ({ text: 'unused' }));
  const out = await runKodama(run(f.root, m.url, '--trust', '--yes', '--mcp-connect', 'remote'), env);
  assert.equal(out.code, 2, out.stderr);
  assert.match(out.stderr, /url takes its scheme or host from a variable/);
  assert.equal(requests, 0);
  assert.ok(!out.stderr.includes(SECRET));
});

test('mcp-trust: the canary secret is never printed nor stored when a trusted http server with it fails', async () => {
  const f = project({
    remote: {
      type: 'http',
      url: 'http://127.0.0.1:2/mcp?key=${KODAMA_CANARY_SECRET}',
      headers: { Authorization: 'Bearer ${KODAMA_CANARY_SECRET}' },
      description: 'remote',
    },
  });
  const m = await model((r) =>
    toolTexts(r).length === 0
      ? { toolCalls: [{ name: 'mcp_connect', arguments: { id: 'remote' } }] }
      : { text: `saw: ${toolTexts(r).join(' | ')}` },
  );
  const out = await runKodama(run(f.root, m.url, '--trust', '--yes'), f.env);
  assert.equal(out.code, 0, out.stderr);
  const everything = out.stdout + out.stderr + allText(join(f.dir, 'data')) + allText(join(f.dir, 'cache'));
  assert.ok(!everything.includes(SECRET), 'the secret appears nowhere');
  assert.ok(!JSON.stringify(m.modelCalls.map((c) => c.body)).includes(SECRET), 'nor in what the model saw');
});

test('mcp-trust: the canary secret is never printed when a trusted stdio server with it cannot start', async () => {
  const f = project({
    broken: {
      command: '/nonexistent/server-${KODAMA_CANARY_SECRET}',
      env: { KEY: '${KODAMA_CANARY_SECRET}' },
      description: 'b',
    },
  });
  const m = await model(() => ({ text: 'unused' }));
  const out = await runKodama(run(f.root, m.url, '--trust', '--yes', '--mcp-connect', 'broken'), f.env);
  assert.notEqual(out.code, 0);
  const everything = out.stdout + out.stderr + allText(join(f.dir, 'data'));
  assert.ok(!everything.includes(SECRET), everything.slice(0, 500));
});

test('mcp-trust: a server with no declared legs is not blocked after its first call headless; the assumption is said once', async () => {
  const f = project();
  const m = await model((r) => {
    const n = toolTexts(r).length;
    if (n < 3) return { toolCalls: [{ name: 'fx__echo', arguments: { text: `call-${n}` } }] };
    return { text: `saw: ${toolTexts(r).join(' | ')}` };
  });
  const out = await runKodama(run(f.root, m.url, '--trust', '--yes', '--mcp-connect', 'fx'), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /echo: call-0 \| echo: call-1 \| echo: call-2/);
  assert.equal(out.stderr.match(/declares no trifectaLegs/g)?.length, 1, out.stderr);
  assert.match(out.stderr, /"trifectaLegs": \{"privateData"/);
});

test("mcp-trust: an undeclared server's call is still held by another server's untrusted output (refused headless)", async () => {
  const f = project();
  writeFileSync(
    join(f.root, '.mcp.json'),
    JSON.stringify({ mcpServers: { fx: fx(join(f.dir, 'marker')), fy: fx(join(f.dir, 'marker')) } }),
  );
  const m = await model((r) => {
    const n = toolTexts(r).length;
    if (n === 0) return { toolCalls: [{ name: 'fy__echo', arguments: { text: 'injected' } }] };
    if (n === 1) return { toolCalls: [{ name: 'fx__echo', arguments: { text: 'exfiltrate' } }] };
    return { text: `saw: ${toolTexts(r).join(' | ')}` };
  });
  const out = await runKodama(
    run(f.root, m.url, '--trust', '--yes', '--mcp-connect', 'fx', '--mcp-connect', 'fy'),
    f.env,
  );
  assert.equal(out.code, 0, out.stderr);
  assert.doesNotMatch(out.stdout, /echo: exfiltrate/);
  assert.match(out.stdout, /fx__echo was not run/);
});

test('mcp-trust: a server that declares every leg is held after its own output (declared legs are used as they are)', async () => {
  const f = project();
  writeFileSync(
    join(f.root, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        fx: fx(join(f.dir, 'marker'), {
          trifectaLegs: { privateData: true, untrusted: 'hard', egress: 'unreviewed' },
        }),
      },
    }),
  );
  const m = await model((r) => {
    const n = toolTexts(r).length;
    if (n < 2) return { toolCalls: [{ name: 'fx__echo', arguments: { text: `call-${n}` } }] };
    return { text: `saw: ${toolTexts(r).join(' | ')}` };
  });
  const out = await runKodama(run(f.root, m.url, '--trust', '--yes', '--mcp-connect', 'fx'), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.match(out.stdout, /echo: call-0 \| Error: fx__echo was not run/);
  assert.doesNotMatch(out.stderr, /declares no trifectaLegs/);
});
