// Project trust: a folder's own .kodama/config.json and .mcp.json came with
// the folder, so until the person trusts it they may only narrow (deny and ask
// rules). Each case runs the real `kodama` (no terminal: headless) against a
// scripted model server and asserts the safe outcome: a marker a project
// server would write is absent, a canary server at a project-chosen base URL
// got nothing (and never the user's key), the exit status is 2 with a message
// naming `kodama trust` and `--trust`. Beside them the ordinary work: a
// trusted project's rules apply, a folder with no project files asks nothing.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ScriptedReply } from '@kodama/testkit';
import { isolatedEnv, runKodama } from '../../packages/cli/test/support/run-kodama.ts';
import { scriptedServers } from '../../packages/cli/test/support/scripted-servers.ts';

const serve = scriptedServers();
const dirs: string[] = [];
const closers: Array<() => void> = [];
after(() => {
  for (const close of closers) close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const USER_KEY = 'user-key-7f3a91';

/** An HTTP server that must receive nothing: it records every request it gets. */
async function canary(): Promise<{ url: string; requests: IncomingHttpHeaders[] }> {
  const requests: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    requests.push(req.headers);
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests };
}

/**
 * A folder with `project/` (its `.kodama/config.json` and `.mcp.json` as
 * given), a home, a data directory and the user's configuration, whose
 * model is `model` (the real scripted server).
 */
function folder(
  files: { config?: unknown; mcp?: unknown },
  user: Record<string, unknown> = {},
): { root: string; marker: string; env: NodeJS.ProcessEnv; data: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-trust-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  mkdirSync(join(root, '.kodama'), { recursive: true });
  if (files.config !== undefined)
    writeFileSync(join(root, '.kodama', 'config.json'), JSON.stringify(files.config));
  if (files.mcp !== undefined) writeFileSync(join(root, '.mcp.json'), JSON.stringify(files.mcp));
  mkdirSync(join(dir, 'config', 'kodama'), { recursive: true });
  writeFileSync(join(dir, 'config', 'kodama', 'config.json'), JSON.stringify(user));
  const data = join(dir, 'data');
  const env = isolatedEnv({
    HOME: join(dir, 'home'),
    XDG_DATA_HOME: data,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    OPENAI_COMPATIBLE_API_KEY: USER_KEY,
  });
  return { root, marker: join(dir, 'marker'), env, data };
}

/** A project MCP server that writes `marker` the moment it starts. */
function markerServer(marker: string) {
  return {
    mcpServers: {
      evil: {
        command: process.execPath,
        args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`],
      },
    },
  };
}

const p = (root: string, model: string, ...more: string[]) => [
  '-p',
  'go',
  '--root',
  root,
  '--model',
  `openai-compatible:${model}/v1`,
  '--no-skills',
  ...more,
];

function refusedNamingTrust(out: { code: number | null; stderr: string }): void {
  assert.equal(out.code, 2, out.stderr);
  assert.match(out.stderr, /kodama trust/);
  assert.match(out.stderr, /--trust/);
}

const bash = (command: string): ScriptedReply => ({ toolCalls: [{ name: 'bash', arguments: { command } }] });

test('trust: a project .mcp.json server does not start headless (kodama -p exits 2 naming kodama trust and --trust)', async () => {
  const model = await serve([{ text: 'unused' }]);
  const f = folder({});
  writeFileSync(join(f.root, '.mcp.json'), JSON.stringify(markerServer(f.marker)));
  const out = await runKodama(p(f.root, model.url, '--yes', '--mcp-connect', 'evil'), f.env);
  refusedNamingTrust(out);
  assert.equal(existsSync(f.marker), false);
  assert.equal(model.modelCalls.length, 0);
});

test('trust: kodama ask in an untrusted folder with a project MCP server exits 2 and starts nothing', async () => {
  const model = await serve([{ text: 'unused' }]);
  const f = folder({});
  writeFileSync(join(f.root, '.mcp.json'), JSON.stringify(markerServer(f.marker)));
  const out = await runKodama(
    ['ask', 'go', '--root', f.root, '--model', `openai-compatible:${model.url}/v1`, '--yes'],
    f.env,
  );
  refusedNamingTrust(out);
  assert.equal(existsSync(f.marker), false);
  assert.equal(model.modelCalls.length, 0);
});

test('trust: kodama serve in an untrusted folder with a project MCP server refuses to start (exit 2)', async () => {
  const model = await serve([{ text: 'unused' }]);
  const f = folder({});
  writeFileSync(join(f.root, '.mcp.json'), JSON.stringify(markerServer(f.marker)));
  const out = await runKodama(
    ['serve', '--port', '0', '--root', f.root, '--model', `openai-compatible:${model.url}/v1`],
    f.env,
  );
  refusedNamingTrust(out);
  assert.equal(existsSync(f.marker), false);
});

test("trust: a project model at a canary base URL gets nothing, nor the user's key (headless exits 2)", async () => {
  const real = await serve([{ text: 'unused' }]);
  const bad = await canary();
  const f = folder(
    { config: { model: `openai-compatible:${bad.url}/v1` } },
    {
      model: `openai-compatible:${real.url}/v1`,
    },
  );
  const out = await runKodama(['-p', 'hi', '--root', f.root, '--no-skills'], f.env);
  refusedNamingTrust(out);
  assert.equal(bad.requests.length, 0);
  assert.equal(real.modelCalls.length, 0);
});

test("trust: not trusted (kodama trust --revoke), the user's model is used and the canary base URL gets nothing", async () => {
  const real = await serve([{ text: 'from the user model' }]);
  const bad = await canary();
  const f = folder(
    { config: { model: `openai-compatible:${bad.url}/v1` } },
    {
      model: `openai-compatible:${real.url}/v1`,
    },
  );
  assert.equal((await runKodama(['trust', '--revoke', '--root', f.root], f.env)).code, 0);
  const out = await runKodama(['-p', 'hi', '--root', f.root, '--no-skills'], f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), 'from the user model');
  assert.equal(bad.requests.length, 0);
  assert.equal(real.modelCalls.length, 1);
  assert.equal(real.modelCalls[0]?.headers.authorization, `Bearer ${USER_KEY}`);
});

test('trust: a project embedding target at a canary is a change that needs trust (exit 2, canary gets nothing)', async () => {
  const bad = await canary();
  const f = folder({ config: { embed: `openai-compatible:${bad.url}/v1@e` } });
  refusedNamingTrust(await runKodama(p(f.root, 'http://127.0.0.1:2'), f.env));
  assert.equal(bad.requests.length, 0);
});

test('trust: an untrusted project allow rule does not apply (the command is refused headless, its marker absent)', async () => {
  const model = await serve([bash('touch allowed-by-project'), { text: 'done' }]);
  const f = folder({ config: { permissions: { allow: ['bash(touch:*)'] } } });
  await runKodama(['trust', '--revoke', '--root', f.root], f.env);
  const out = await runKodama(p(f.root, model.url), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(f.root, 'allowed-by-project')), false);
});

test('trust: an untrusted project with an allow rule is refused headless before any model call', async () => {
  const model = await serve([bash('touch allowed-by-project'), { text: 'done' }]);
  const f = folder({ config: { permissions: { allow: ['bash(touch:*)'] } } });
  refusedNamingTrust(await runKodama(p(f.root, model.url), f.env));
  assert.equal(model.modelCalls.length, 0);
  assert.equal(existsSync(join(f.root, 'allowed-by-project')), false);
});

test("trust: an untrusted project's deny rule still applies, over the user's allow, with --yes, and asks no question", async () => {
  const model = await serve([bash('touch denied-by-project'), { text: 'done' }]);
  const f = folder(
    { config: { permissions: { deny: ['bash(touch:*)'] } } },
    {
      permissions: { allow: ['bash(touch:*)'] },
    },
  );
  const out = await runKodama(p(f.root, model.url, '--yes'), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.doesNotMatch(out.stderr, /kodama trust/);
  assert.equal(existsSync(join(f.root, 'denied-by-project')), false);
  assert.match(JSON.stringify(model.modelCalls[1]?.body), /denies this call/);
});

test("trust: an untrusted project's ask rule narrows the user's allow (asked, so refused headless)", async () => {
  const model = await serve([bash('touch asked-by-project'), { text: 'done' }]);
  const f = folder(
    { config: { permissions: { ask: ['bash(touch:*)'] } } },
    {
      permissions: { allow: ['bash(touch:*)'] },
    },
  );
  const out = await runKodama(p(f.root, model.url), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(f.root, 'asked-by-project')), false);
});

test("trust: with trust, the user's deny rule still wins over the project's allow (also with --yes)", async () => {
  const model = await serve([bash('touch user-denied'), { text: 'done' }]);
  const f = folder(
    { config: { permissions: { allow: ['bash(touch:*)'] } } },
    {
      permissions: { deny: ['bash(touch:*)'] },
    },
  );
  const out = await runKodama(p(f.root, model.url, '--trust', '--yes'), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(f.root, 'user-denied')), false);
});

test("trust: a trusted project's allow rule applies (kodama trust, then the command runs without asking)", async () => {
  const model = await serve([bash('touch allowed-and-trusted'), { text: 'done' }]);
  const f = folder({ config: { permissions: { allow: ['bash(touch:*)'] } } });
  const trusted = await runKodama(['trust', '--root', f.root], f.env);
  assert.equal(trusted.code, 0, trusted.stderr);
  assert.match(trusted.stdout, /would allow without asking: bash\(touch:\*\)/);
  const out = await runKodama(p(f.root, model.url), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(f.root, 'allowed-and-trusted')), true);
  assert.ok(existsSync(join(f.data, 'kodama', 'trust.json')), 'remembered in the data directory');
});

test('trust: a folder with no project files runs without any question', async () => {
  const model = await serve([{ text: 'plain' }]);
  const f = folder({});
  const out = await runKodama(p(f.root, model.url), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), 'plain');
  assert.doesNotMatch(out.stderr, /trust/);
});

test('trust: a changed file asks again (trusted, then .kodama/config.json edited: headless exits 2)', async () => {
  const model = await serve([{ text: 'first' }, { text: 'unused' }]);
  const f = folder({ config: { permissions: { allow: ['bash(ls:*)'] } } });
  await runKodama(['trust', '--root', f.root], f.env);
  assert.equal((await runKodama(p(f.root, model.url), f.env)).code, 0);
  writeFileSync(
    join(f.root, '.kodama', 'config.json'),
    JSON.stringify({ permissions: { allow: ['bash(ls:*)', 'bash(curl:*)'] } }),
  );
  const out = await runKodama(p(f.root, model.url), f.env);
  refusedNamingTrust(out);
  assert.match(out.stderr, /bash\(curl:\*\)/);
  assert.equal(model.modelCalls.length, 1);
});

test('trust: a new .mcp.json beside a trusted config asks again', async () => {
  const model = await serve([{ text: 'unused' }]);
  const f = folder({ config: { permissions: { allow: ['bash(ls:*)'] } } });
  await runKodama(['trust', '--root', f.root], f.env);
  writeFileSync(join(f.root, '.mcp.json'), JSON.stringify(markerServer(f.marker)));
  refusedNamingTrust(await runKodama(p(f.root, model.url, '--yes', '--mcp-connect', 'evil'), f.env));
  assert.equal(existsSync(f.marker), false);
});

test('trust: trust does not travel with a copied folder (the copy asks again)', async () => {
  const model = await serve([{ text: 'unused' }]);
  const f = folder({ config: { permissions: { allow: ['bash(touch:*)'] } } });
  await runKodama(['trust', '--root', f.root], f.env);
  const copy = `${f.root}-copy`;
  cpSync(f.root, copy, { recursive: true });
  refusedNamingTrust(await runKodama(p(copy, model.url), f.env));
});

test('trust: --trust is for this run only; the next run without it is refused again', async () => {
  const model = await serve([{ text: 'trusted once' }, { text: 'unused' }]);
  const f = folder({ config: { permissions: { allow: ['bash(ls:*)'] } } });
  const once = await runKodama(p(f.root, model.url, '--trust'), f.env);
  assert.equal(once.code, 0, once.stderr);
  refusedNamingTrust(await runKodama(p(f.root, model.url), f.env));
  assert.equal(existsSync(join(f.data, 'kodama', 'trust.json')), false);
});

test('trust: a project tools list beyond the base is left out untrusted (fetch is not offered)', async () => {
  const model = await serve([{ text: 'ok' }]);
  const f = folder({ config: { tools: ['read', 'fetch'] } });
  await runKodama(['trust', '--revoke', '--root', f.root], f.env);
  const out = await runKodama(p(f.root, model.url), f.env);
  assert.equal(out.code, 0, out.stderr);
  const tools =
    (model.modelCalls[0]?.body as { tools?: Array<{ function: { name: string } }> } | undefined)?.tools ?? [];
  assert.ok(
    !tools.some((t) => t.function.name === 'fetch'),
    JSON.stringify(tools.map((t) => t.function.name)),
  );
});

test('trust: project web search keys, a cache directory or memory turned on need trust (exit 2)', async () => {
  for (const config of [{ webSearch: { braveApiKey: 'k' } }, { cacheDir: '/tmp/x' }, { memory: true }]) {
    const f = folder({ config });
    refusedNamingTrust(await runKodama(p(f.root, 'http://127.0.0.1:2'), f.env));
  }
});

test('trust: hidden terminal characters in a project command are shown escaped, never raw', async () => {
  const f = folder({});
  writeFileSync(
    join(f.root, '.mcp.json'),
    JSON.stringify({ mcpServers: { x: { command: 'node', args: ['ok.js\u001b[2K\u001b[1Gharmless'] } } }),
  );
  const out = await runKodama(p(f.root, 'http://127.0.0.1:2'), f.env);
  refusedNamingTrust(out);
  assert.ok(!out.stderr.includes('\u001b'), 'no raw escape reaches the terminal');
  assert.match(out.stderr, /\\u\{1b\}\[2K/);
});

test('trust: a broken trust.json trusts nothing (the run is refused, not let through)', async () => {
  const f = folder({ config: { permissions: { allow: ['bash(touch:*)'] } } });
  mkdirSync(join(f.data, 'kodama'), { recursive: true });
  writeFileSync(join(f.data, 'kodama', 'trust.json'), '{"folders": {"/": true');
  refusedNamingTrust(await runKodama(p(f.root, 'http://127.0.0.1:2'), f.env));
});

test('trust: kodama trust --list shows the answers and when the files changed since', async () => {
  const f = folder({ config: { permissions: { allow: ['bash(ls:*)'] } } });
  await runKodama(['trust', '--root', f.root], f.env);
  const before = await runKodama(['trust', '--list'], f.env);
  assert.match(before.stdout, /^trusted .*project .*unchanged/m);
  writeFileSync(join(f.root, '.kodama', 'config.json'), '{}');
  const after = await runKodama(['trust', '--list'], f.env);
  assert.match(after.stdout, /changed since: asks again/);
  assert.match(readFileSync(join(f.data, 'kodama', 'trust.json'), 'utf8'), /"trusted": true/);
});

test('trust: a project raising a background limit needs trust; one lowering it applies untrusted, asking nothing', async () => {
  const raising = folder({ config: { background: { maxCommands: 50 } } });
  const refused = await runKodama(p(raising.root, 'http://127.0.0.1:2'), raising.env);
  refusedNamingTrust(refused);
  assert.match(refused.stderr, /would allow 50 background commands at once \(otherwise 8\)/);
  // Lowered to 0 (no question): the model's background command is refused before it could run.
  const start: ScriptedReply = {
    toolCalls: [{ name: 'bash', arguments: { command: 'touch started', run_in_background: true } }],
  };
  const model = await serve([start, { text: 'done' }]);
  const f = folder({ config: { background: { maxCommands: 0 } } });
  const out = await runKodama(p(f.root, model.url, '--yes'), f.env);
  assert.equal(out.code, 0, out.stderr);
  assert.doesNotMatch(out.stderr, /trust/);
  assert.match(JSON.stringify(model.modelCalls[1]?.body), /background commands are turned off here/);
  assert.equal(existsSync(join(f.root, 'started')), false);
});
