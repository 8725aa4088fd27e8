// kodama mcp and --mcp-connect from the command line, against the real fixture MCP server: list, add
// and rm editing .mcp.json; --mcp-connect connecting at the start and the model calling the tool (the
// project's .mcp.json trusted for the run with --trust); no
// orphan process after the CLI exits on success, on error and on Ctrl+C; kodama mcp serve driven by
// the SDK's own client over stdio.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedRequest, ScriptedReply } from '@kodama/testkit';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpProject, running } from './support/mcp-project.ts';
import { BIN, isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

function fixture() {
  const { dir, root, home, marker } = mcpProject('kodama-cli-mcp-');
  return { root, home, marker, env: isolatedEnv({ HOME: home, XDG_CACHE_HOME: join(dir, 'cache') }) };
}

/** Whether `pid` still runs a moment after kodama exited (the kernel delivers SIGKILL, not instantly). */
async function alive(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && running(pid); i++) await sleep(20);
  return running(pid);
}

/** Every process the fixture started (the servers and their helpers), from its marker file. */
function started(marker: string): number[] {
  return [...readFileSync(marker, 'utf8').matchAll(/^(?:start|child) (\d+)$/gm)].map((m) => Number(m[1]));
}

type Body = { messages: Array<{ role: string; content?: unknown }> };
const systemOf = (r: RecordedRequest) => String((r.body as Body).messages[0]?.content ?? '');
const toolResults = (r: RecordedRequest) => (r.body as Body).messages.filter((m) => m.role === 'tool').length;

/** A model that passes screening and otherwise plays `agent`. */
function model(agent: (r: RecordedRequest) => ScriptedReply) {
  return serve((r) => {
    if (systemOf(r).startsWith('You are a security reviewer')) return { text: 'OK' };
    if (systemOf(r).startsWith('You write the one-line description'))
      return { text: 'Fixture tools for tests.' };
    return agent(r);
  });
}

describe('kodama mcp list, add, rm', () => {
  test('add and rm edit the project .mcp.json; list shows id, transport, connection and target', async () => {
    const { root, env } = fixture();
    const added = await runKodama(
      ['mcp', 'add', 'echoer', '--root', root, '--', 'echo-server', '--loud'],
      env,
    );
    assert.equal(added.code, 0, added.stderr);
    const http = await runKodama(
      ['mcp', 'add', 'remote', '--root', root, '--url', 'http://127.0.0.1:9/mcp'],
      env,
    );
    assert.equal(http.code, 0, http.stderr);
    const file = JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8'));
    assert.deepEqual(file.mcpServers.echoer, { command: 'echo-server', args: ['--loud'] });
    const listed = await runKodama(['mcp', 'list', '--root', root], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^ID +TRANSPORT +CONNECTED +TOOLS +TARGET/);
    assert.match(listed.stdout, /\necho(er) +stdio +no +echo-server --loud/);
    assert.match(listed.stdout, /\nremote +http +no +http:\/\/127\.0\.0\.1:9\/mcp/);
    const dup = await runKodama(['mcp', 'add', 'echoer', '--root', root, '--', 'x'], env);
    assert.equal(dup.code, 1);
    assert.match(dup.stderr, /already has a server "echoer"/);
    assert.equal((await runKodama(['mcp', 'rm', 'echoer', '--root', root], env)).code, 0);
    assert.equal(JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8')).mcpServers.echoer, undefined);
  });

  test('list --probe connects (screened) and counts the tools; the probed server is gone after', async () => {
    const { root, env, marker } = fixture();
    const server = await model(() => ({ text: 'unused' }));
    const listed = await runKodama(
      [
        'mcp',
        'list',
        '--probe',
        '--trust',
        '--root',
        root,
        '-m',
        `openai-compatible:${server.url}/v1@scripted-model`,
      ],
      env,
    );
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /\nfx +stdio +probed +16 /);
    for (const pid of started(marker)) assert.equal(await alive(pid), false);
  });

  test('list --probe in an untrusted folder starts none of the project servers, and says how to', async () => {
    const { root, env, marker } = fixture();
    const listed = await runKodama(['mcp', 'list', '--probe', '--no-mcp-screen', '--root', root], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /\nfx +stdio +no /);
    assert.match(listed.stderr, /not trusted.*--trust/);
    assert.deepEqual(started(marker), [], 'the project server never started');
  });
});

describe('kodama ask --mcp-connect', () => {
  test('an unknown id is a usage error naming the known ones', async () => {
    const { root, env } = fixture();
    const server = await model(() => ({ text: 'unused' }));
    const out = await runKodama(
      [
        'ask',
        'hi',
        '--root',
        root,
        '--trust',
        '--mcp-connect',
        'nope',
        '-m',
        `openai-compatible:${server.url}/v1@scripted-model`,
      ],
      env,
    );
    assert.equal(out.code, 2);
    assert.match(out.stderr, /--mcp-connect nope: no MCP server has that id\. Known: fx/);
  });

  for (const ending of ['success', 'error'] as const) {
    test(`no orphan process after the CLI exits (${ending})`, async () => {
      const { root, env, marker } = fixture();
      const server = await model((r) => {
        if (toolResults(r) === 0) return { toolCalls: [{ name: 'fx__fork', arguments: {} }] };
        return ending === 'success' ? { text: 'forked' } : { fault: 'http', status: 400 };
      });
      const out = await runKodama(
        [
          'ask',
          'fork',
          '--root',
          root,
          '--trust',
          '--mcp-connect',
          'fx',
          '-m',
          `openai-compatible:${server.url}/v1@scripted-model`,
        ],
        env,
      );
      assert.equal(out.code, ending === 'success' ? 0 : 1, out.stderr);
      const pids = started(marker);
      assert.equal(pids.length, 2, 'the server and the helper it started');
      for (const pid of pids) assert.equal(await alive(pid), false, `process ${pid} outlived kodama`);
    });
  }

  for (const [signal, exit] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    test(`no orphan process after ${signal} during an MCP call`, async () => {
      const { root, env, marker } = fixture();
      const server = await model(() => ({ toolCalls: [{ name: 'fx__wait', arguments: {} }] }));
      const child = spawn(
        process.execPath,
        [
          BIN,
          'ask',
          'wait',
          '--root',
          root,
          '--trust',
          '--mcp-connect',
          'fx',
          '-m',
          `openai-compatible:${server.url}/v1@scripted-model`,
        ],
        { env, stdio: 'ignore' },
      );
      while (!readFileSync(marker, 'utf8').includes('start wait')) await sleep(20);
      child.kill(signal);
      const code = await new Promise<number | null>((r) => child.on('close', r));
      assert.equal(code, exit);
      for (const pid of started(marker))
        assert.equal(await alive(pid), false, `process ${pid} outlived kodama`);
    });
  }
});

describe('kodama mcp serve', () => {
  test('the SDK client lists and calls kodama tools over stdio', async () => {
    const { root, env } = fixture();
    const client = new Client({ name: 't', version: '1' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', 'serve', '--tools', 'calculator,read', '--root', root],
      env: env as Record<string, string>,
    });
    await client.connect(transport);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['calculator', 'read']);
    const sum = await client.callTool({ name: 'calculator', arguments: { expression: '17 * 23' } });
    assert.match((sum.content as Array<{ text: string }>)[0]!.text, /391/);
    const read = tools.find((t) => t.name === 'read')!;
    assert.equal(read.title, 'Read');
    assert.equal(read.annotations?.readOnlyHint, true, 'read declares only readsPath and no egress');
    assert.equal(read.annotations?.destructiveHint, undefined);
    await assert.rejects(
      client.callTool({ name: 'write', arguments: {} }),
      (error: unknown) => (error as { code?: number }).code === -32602,
      'a tool that is not served is JSON-RPC invalid params',
    );
    const outside = await client.callTool({ name: 'read', arguments: { path: '/etc/passwd' } });
    assert.match(
      (outside.content as Array<{ text: string }>)[0]!.text,
      /^Error: /,
      'the workspace confinement holds',
    );
    await client.close();
  });

  test('--agent adds an ask tool that runs a whole kodama Run with the served tools', async () => {
    const { root, env } = fixture();
    const model = await serve((r) => {
      const body = r.body as { messages: { role: string; content: string }[] };
      const results = body.messages.filter((m) => m.role === 'tool');
      if (results.length === 0)
        return { toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] };
      return { text: `The answer is ${results[0]!.content}.` };
    });
    const client = new Client({ name: 't', version: '1' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        BIN,
        'mcp',
        'serve',
        '--agent',
        '--tools',
        'calculator',
        '--root',
        root,
        '--trust',
        '-m',
        `openai-compatible:${model.url}/v1@scripted-model`,
      ],
      env: env as Record<string, string>,
    });
    await client.connect(transport);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['ask', 'calculator']);
    const progress: string[] = [];
    const asked = await client.callTool({ name: 'ask', arguments: { prompt: 'What is 6 * 7?' } }, undefined, {
      onprogress: (p) => progress.push(`${p.progress} ${p.message}`),
    });
    assert.match((asked.content as Array<{ text: string }>)[0]!.text, /The answer is 42\./);
    assert.deepEqual(
      progress,
      ['1 model call 1', '2 running calculator', '3 calculator: ok', '4 model call 2'],
      "the Run's steps reach the client as progress on its token",
    );
    assert.equal(model.modelCalls.length, 2, 'a whole Run: the tool call and the answer');
    await client.close();
  });
});
