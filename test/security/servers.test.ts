// Security cases for kodama's local servers, through the real `kodama` bin: `kodama mcp serve
// --http`, `kodama serve` (AG-UI) and `kodama inspect`. A web page the person has open, a page
// whose name was re-pointed at 127.0.0.1 (DNS rebinding), or any program that can reach the port
// must not run a tool, read a session or answer a confirmation. Each case asserts the outcome: the
// status, a marker file bash would have made that is absent, a scripted model that received
// nothing. Beside them, the ordinary work that must keep working.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { chromium } from 'playwright-core';
import { BIN, isolatedEnv, runKodama } from '../../packages/cli/test/support/run-kodama.ts';
import { scriptedServers } from '../../packages/cli/test/support/scripted-servers.ts';

const cleanups: Array<() => void | Promise<void>> = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-servers-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A running `kodama` server and what its start-up line said. */
interface Started {
  readonly child: ChildProcess;
  readonly match: RegExpExecArray;
  readonly stderr: () => string;
}

/** Starts `kodama <args>` and waits for `ready` on stderr; killed after the file's tests. */
function start(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Started> {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d) => {
      stderr += d;
      const match = ready.exec(stderr);
      if (match) resolve({ child, match, stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`kodama ${args[0]} exited (${code}): ${stderr}`)));
  });
}

/** What came back from one raw HTTP request. */
interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request with any headers, `Host` included (fetch would not let a test set it). */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname.replace(/^\[|\]$/g, ''),
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: options.method ?? 'GET',
        headers: { host: u.host, ...options.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attacker', version: '1' } },
});

function bashCall(command: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'bash', arguments: { command } },
  });
}

/** `kodama mcp serve --http 0` over a fresh root; `extra` adds flags. */
async function mcpServer(extra: string[] = [], env: Record<string, string> = {}) {
  const root = tempDir();
  const started = await start(
    ['mcp', 'serve', '--http', '0', '--root', root, ...extra],
    isolatedEnv(env),
    /MCP over Streamable HTTP at (\S+) \((?:token: (\S+)\))?/,
  );
  const url = started.match[1]!;
  return { root, url, token: started.match[2], port: Number(new URL(url).port), started };
}

/** A session opened the legitimate way, so an attack below can aim at a live session id. */
async function liveSession(url: string, token: string): Promise<string> {
  const auth = { ...MCP_HEADERS, authorization: `Bearer ${token}` };
  const init = await raw(url, { method: 'POST', headers: auth, body: INITIALIZE });
  assert.equal(init.status, 200, init.body);
  const sid = init.headers['mcp-session-id'] as string;
  const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await raw(url, { method: 'POST', headers: { ...auth, 'mcp-session-id': sid }, body: initialized });
  return sid;
}

/** The SDK's own client over HTTP with the token; `onElicit` answers elicitations if given. */
async function sdkClient(url: string, token: string | undefined, onElicit?: (request: unknown) => unknown) {
  const client = new Client(
    { name: 'editor', version: '1' },
    onElicit ? { capabilities: { elicitation: { form: {} } } } : {},
  );
  if (onElicit) client.setRequestHandler(ElicitRequestSchema, onElicit as never);
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} },
  });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return client;
}

const textOf = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0]?.text ?? '';

// The server a trusted editor would use: bash allowed by the start-up policy, so every refusal
// below is the door's, not the confirmation's.
const trusted = mcpServer(['--tools', 'bash,write', '--allow-tools', 'bash']);

/** Tries a bash call that makes `name` in the root: initialize, then tools/call on a live session. */
async function attack(headers: Record<string, string>, name: string) {
  const server = await trusted;
  const sid = await liveSession(server.url, server.token!);
  const init = await raw(server.url, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...headers },
    body: INITIALIZE,
  });
  const call = await raw(server.url, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...headers, 'mcp-session-id': sid },
    body: bashCall(`touch ${name}`),
  });
  return { init, call, marker: existsSync(join(server.root, name)), server };
}

describe('kodama mcp serve --http', () => {
  test('servers: mcp without a token is 401 and bash does not run', async () => {
    const r = await attack({}, 'no-token');
    assert.deepEqual([r.init.status, r.call.status, r.marker], [401, 401, false]);
  });

  test('servers: mcp with a wrong token is 401 and bash does not run', async () => {
    const r = await attack({ authorization: 'Bearer wrong-token-wrong-token-wrong' }, 'wrong-token');
    assert.deepEqual([r.init.status, r.call.status, r.marker], [401, 401, false]);
  });

  test('servers: mcp with the token in the query string instead of the header is 401', async () => {
    const server = await trusted;
    const sid = await liveSession(server.url, server.token!);
    const call = await raw(`${server.url}?token=${server.token}`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-session-id': sid },
      body: bashCall('touch in-query'),
    });
    assert.equal(call.status, 401);
    assert.equal(existsSync(join(server.root, 'in-query')), false);
  });

  test('servers: mcp from a foreign Origin (http://evil.example) is 403 even with the token, and bash does not run', async () => {
    const { token } = await trusted;
    const r = await attack(
      { authorization: `Bearer ${token}`, origin: 'http://evil.example' },
      'evil-origin',
    );
    assert.deepEqual([r.init.status, r.call.status, r.marker], [403, 403, false]);
  });

  test('servers: mcp with a rebinding Host (evil.example:PORT) is 403 even with the token', async () => {
    const { token, port } = await trusted;
    const r = await attack({ authorization: `Bearer ${token}`, host: `evil.example:${port}` }, 'rebound');
    assert.deepEqual([r.init.status, r.call.status, r.marker], [403, 403, false]);
  });

  test('servers: mcp from another local port (Origin http://127.0.0.1:OTHER) is 403', async () => {
    const { token, port } = await trusted;
    const r = await attack(
      { authorization: `Bearer ${token}`, origin: `http://127.0.0.1:${port + 1}` },
      'other-port',
    );
    assert.deepEqual([r.init.status, r.call.status, r.marker], [403, 403, false]);
  });

  test('servers: mcp from a sandboxed frame or file (Origin null) is 403', async () => {
    const { token } = await trusted;
    const r = await attack({ authorization: `Bearer ${token}`, origin: 'null' }, 'null-origin');
    assert.deepEqual([r.init.status, r.call.status, r.marker], [403, 403, false]);
  });

  test('servers: mcp answers a CORS preflight from another site with 403 and no CORS grant', async () => {
    const { url } = await trusted;
    const pre = await raw(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    assert.equal(pre.status, 403);
    assert.equal(pre.headers['access-control-allow-origin'], undefined);
  });

  test('servers: mcp with the token, a loopback Host and no Origin works: the policy lets bash run', async () => {
    const { url, token, root } = await trusted;
    const client = await sdkClient(url, token);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['bash', 'write']);
    const ran = await client.callTool({ name: 'bash', arguments: { command: 'echo ok > ordinary' } });
    assert.notEqual(ran.isError, true, textOf(ran));
    assert.equal(readFileSync(join(root, 'ordinary'), 'utf8').trim(), 'ok');
  });

  test('servers: mcp from its own origin (a page the server itself serves) is not refused', async () => {
    const { url, token, port } = await trusted;
    const init = await raw(url, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: `Bearer ${token}`, origin: `http://127.0.0.1:${port}` },
      body: INITIALIZE,
    });
    assert.equal(init.status, 200);
  });

  test('servers: mcp --allow-tools bash does not allow write: the client cannot widen the policy', async () => {
    const { url, token, root } = await trusted;
    const client = await sdkClient(url, token, () => ({ action: 'accept', content: { approve: true } }));
    const wrote = await client.callTool({ name: 'write', arguments: { path: 'planted.txt', content: 'x' } });
    assert.equal(wrote.isError, true);
    assert.equal(existsSync(join(root, 'planted.txt')), false);
  });

  test('servers: mcp elicitation answered "accept" by the remote client for its own bash call is still refused', async () => {
    const { url, token, root } = await mcpServer(['--tools', 'bash']);
    const asked: unknown[] = [];
    const client = await sdkClient(url, token, (request: unknown) => {
      asked.push(request);
      return { action: 'accept', content: { approve: true } };
    });
    const refused = await client.callTool({
      name: 'bash',
      arguments: { command: 'touch approved-by-client' },
    });
    assert.equal(refused.isError, true);
    assert.equal(existsSync(join(root, 'approved-by-client')), false);
    assert.equal(asked.length, 0, 'the client is never asked');
  });

  test('servers: mcp over stdio: an elicitation "accept" from the client does not approve its bash call', async () => {
    const root = tempDir();
    const client = new Client(
      { name: 'editor', version: '1' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { approve: true } }));
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', 'serve', '--tools', 'bash', '--root', root],
        env: isolatedEnv() as Record<string, string>,
      }),
    );
    cleanups.push(() => client.close());
    const refused = await client.callTool({ name: 'bash', arguments: { command: 'touch stdio-approved' } });
    assert.equal(refused.isError, true);
    assert.equal(existsSync(join(root, 'stdio-approved')), false);
  });

  test('servers: mcp malformed JSON gets HTTP 400 with JSON-RPC -32700, and nothing runs', async () => {
    const { url, token, root } = await trusted;
    const bad = await raw(url, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
      body: '{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "bash", "arguments": {"command": "touch parsed"',
    });
    assert.equal(bad.status, 400);
    assert.equal((JSON.parse(bad.body) as { error: { code: number } }).error.code, -32700);
    assert.equal(existsSync(join(root, 'parsed')), false);
  });

  test('servers: mcp malformed JSON without a token is 401: the body is not read before the door', async () => {
    const { url } = await trusted;
    const bad = await raw(url, { method: 'POST', headers: MCP_HEADERS, body: '{not json' });
    assert.equal(bad.status, 401);
  });

  test("servers: mcp listens on 127.0.0.1 by default, not on the machine's other addresses", async () => {
    const { url, port } = await trusted;
    assert.equal(new URL(url).hostname, '127.0.0.1');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === 'IPv4')?.address;
    if (outside !== undefined)
      await assert.rejects(raw(`http://${outside}:${port}/mcp`), /ECONNREFUSED/, `reachable on ${outside}`);
  });

  test('servers: mcp --host 0.0.0.0 still needs the token', async () => {
    const server = await mcpServer(['--tools', 'bash', '--allow-tools', 'bash', '--host', '0.0.0.0']);
    const sid = await liveSession(server.url, server.token!);
    const call = await raw(server.url, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-session-id': sid },
      body: bashCall('touch wide-open'),
    });
    assert.equal(call.status, 401);
    assert.equal(existsSync(join(server.root, 'wide-open')), false);
  });

  test('servers: mcp --no-auth on a non-loopback address is refused at start (exit 2), nothing listens', async () => {
    const out = await runKodama(
      ['mcp', 'serve', '--http', '0', '--host', '0.0.0.0', '--no-auth', '--tools', 'bash'],
      isolatedEnv(),
    );
    assert.equal(out.code, 2);
    assert.doesNotMatch(out.stderr, /MCP over Streamable HTTP at/);
  });

  test('servers: mcp a too-short $KODAMA_SERVE_TOKEN is refused at start (exit 2)', async () => {
    const out = await runKodama(
      ['mcp', 'serve', '--http', '0'],
      isolatedEnv({ KODAMA_SERVE_TOKEN: 'hunter2' }),
    );
    assert.equal(out.code, 2);
  });

  test('servers: mcp a token from $KODAMA_SERVE_TOKEN works and is never printed', async () => {
    const secret = 'a-token-the-user-chose-0123456789';
    const { url, token, started } = await mcpServer(['--tools', 'bash'], { KODAMA_SERVE_TOKEN: secret });
    assert.equal(token, undefined, 'no token on the start-up line');
    assert.equal(started.stderr().includes(secret), false);
    assert.equal((await raw(url, { method: 'POST', headers: MCP_HEADERS, body: INITIALIZE })).status, 401);
    const ok = await raw(url, {
      method: 'POST',
      headers: { ...MCP_HEADERS, authorization: `Bearer ${secret}` },
      body: INITIALIZE,
    });
    assert.equal(ok.status, 200);
  });
});

const models = scriptedServers();
const RUN_INPUT = JSON.stringify({
  threadId: 't',
  runId: 'r',
  messages: [{ id: 'u', role: 'user', content: 'please run the command' }],
  tools: [],
  context: [],
  state: {},
});

/** `kodama serve` whose model asks bash to make `marker` (the model received nothing while modelCalls is 0). */
async function agUi() {
  const root = tempDir();
  const model = await models((r) => {
    const body = r.body as { messages: { role: string }[] };
    return body.messages.some((m) => m.role === 'tool')
      ? { text: 'Done.' }
      : { toolCalls: [{ name: 'bash', arguments: { command: 'touch marker' } }] };
  });
  const started = await start(
    [
      'serve',
      '--port',
      '0',
      '--root',
      root,
      '--tools',
      'bash',
      '--no-skills',
      '--model',
      `openai-compatible:${model.url}/v1`,
    ],
    isolatedEnv(),
    /serving AG-UI on (\S+) \(token: (\S+)\)/,
  );
  const url = started.match[1]!;
  return { url, token: started.match[2]!, port: Number(new URL(url).port), model, root };
}
const agui = agUi();

describe('kodama serve (AG-UI)', () => {
  test('servers: serve without a token is 401 and the model receives nothing', async () => {
    const { url, model } = await agui;
    const r = await raw(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: RUN_INPUT,
    });
    assert.equal(r.status, 401);
    assert.equal(model.modelCalls.length, 0);
  });

  test('servers: serve with a wrong token is 401 and the model receives nothing', async () => {
    const { url, model } = await agui;
    const r = await raw(url, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-token-not-the-token' },
      body: RUN_INPUT,
    });
    assert.equal(r.status, 401);
    assert.equal(model.modelCalls.length, 0);
  });

  test('servers: serve from a foreign Origin is 403 even with the token, and the model receives nothing', async () => {
    const { url, token, model } = await agui;
    const r = await raw(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: 'http://evil.example' },
      body: RUN_INPUT,
    });
    assert.equal(r.status, 403);
    assert.equal(model.modelCalls.length, 0);
  });

  test('servers: serve with a rebinding Host is 403 even with the token', async () => {
    const { url, token, port, model } = await agui;
    const r = await raw(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, host: `evil.example:${port}` },
      body: RUN_INPUT,
    });
    assert.equal(r.status, 403);
    assert.equal(model.modelCalls.length, 0);
  });

  test('servers: serve malformed JSON is a 400 and the model receives nothing', async () => {
    const { url, token, model } = await agui;
    const r = await raw(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: '{"threadId":',
    });
    assert.equal(r.status, 400);
    assert.equal(model.modelCalls.length, 0);
  });

  test('servers: serve listens on 127.0.0.1 by default', async () => {
    const { url } = await agui;
    assert.equal(new URL(url).hostname, '127.0.0.1');
  });

  test("servers: serve with the token works, and the remote caller's bash call is not confirmed for it", async () => {
    const { url, token, model, root } = await agui;
    const r = await raw(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: RUN_INPUT,
    });
    assert.equal(r.status, 200);
    assert.match(r.body, /RUN_FINISHED/);
    assert.ok(model.modelCalls.length >= 1, 'the ordinary request reached the model');
    assert.equal(existsSync(join(root, 'marker')), false, 'nobody at the terminal approved bash');
  });
});

/** `kodama inspect` over a store with one session; the address it prints is the person's. */
async function inspector() {
  const data = tempDir();
  const env = isolatedEnv({ XDG_DATA_HOME: data });
  const model = await models([{ text: 'Stored.' }]);
  const asked = await runKodama(
    [
      'ask',
      '--model',
      `openai-compatible:${model.url}/v1`,
      '--session',
      'notes',
      '--no-skills',
      'remember this',
    ],
    env,
  );
  assert.equal(asked.code, 0, asked.stderr);
  const started = await start(['inspect', '--no-skills'], env, /the inspector is at (\S+)/);
  const address = started.match[1]!;
  const token = decodeURIComponent(new URL(address).hash.replace(/^#token=/, ''));
  const origin = new URL(address).origin;
  return { address, token, origin, api: `${origin}/api/sessions`, port: Number(new URL(address).port) };
}
const inspected = inspector();

describe('kodama inspect', () => {
  test('servers: inspect API without a token is 401', async () => {
    const { api } = await inspected;
    assert.equal((await raw(api)).status, 401);
  });

  test("servers: inspect API with the token in the query string is 401 (only the page's bearer header opens it)", async () => {
    const { api, token } = await inspected;
    assert.equal((await raw(`${api}?token=${encodeURIComponent(token)}`)).status, 401);
  });

  test('servers: inspect API from a foreign Origin is 403 even with the token', async () => {
    const { api, token } = await inspected;
    const r = await raw(api, {
      headers: { authorization: `Bearer ${token}`, origin: 'http://evil.example' },
    });
    assert.equal(r.status, 403);
  });

  test('servers: inspect with a rebinding Host is 403, for the API and the page alike', async () => {
    const { api, origin, token, port } = await inspected;
    const host = `evil.example:${port}`;
    assert.equal((await raw(api, { headers: { authorization: `Bearer ${token}`, host } })).status, 403);
    assert.equal((await raw(`${origin}/`, { headers: { host } })).status, 403);
  });

  test('servers: inspect listens on 127.0.0.1 by default', async () => {
    const { address } = await inspected;
    assert.equal(new URL(address).hostname, '127.0.0.1');
  });

  test("servers: inspect the person's printed address opens the page in Chromium, and the token leaves the address bar", async () => {
    const { address } = await inspected;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
    });
    cleanups.push(() => browser.close());
    const page = await browser.newPage();
    await page.goto(address);
    await page.waitForSelector('body[data-ready="sessions"]');
    assert.deepEqual(
      await page.$$eval('#session-table tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-id'))),
      ['notes'],
    );
    assert.doesNotMatch(page.url(), /token/);
    await page.close();
  });
});

test('servers: inspect --no-auth (loopback only) still refuses a foreign Origin and a rebinding Host', async () => {
  const started = await start(
    ['inspect', '--no-skills', '--no-auth'],
    isolatedEnv({ XDG_DATA_HOME: tempDir() }),
    /the inspector is at (\S+)/,
  );
  const address = new URL(started.match[1]!);
  const api = `${address.origin}/api/sessions`;
  assert.equal((await raw(api)).status, 200, 'no token needed, as asked');
  assert.equal((await raw(api, { headers: { origin: 'http://evil.example' } })).status, 403);
  assert.equal((await raw(api, { headers: { host: `evil.example:${address.port}` } })).status, 403);
});
