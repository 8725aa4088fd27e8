// The MCP configuration: Claude Code's {"mcpServers": ...} shape from .mcp.json and ~/.kodama/mcp.json,
// ${VAR} expansion, duplicate ids naming both entries, bad files naming their path and the problem.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadMcpConfig, McpConfigError, McpRegistry, serverEnvironment } from '../src/index.ts';
import { tempDir } from './helpers.ts';

function places(project?: unknown, home?: unknown) {
  const root = tempDir();
  const homeDir = tempDir();
  if (project !== undefined)
    writeFileSync(join(root, '.mcp.json'), typeof project === 'string' ? project : JSON.stringify(project));
  if (home !== undefined) {
    mkdirSync(join(homeDir, '.kodama'));
    writeFileSync(join(homeDir, '.kodama', 'mcp.json'), JSON.stringify(home));
  }
  return { root, home: homeDir, env: { TOKEN: 's3cret', API_KEY: 'k' }, project: 'expand' as const };
}

describe('loadMcpConfig', () => {
  test("reads a Claude Code file (stdio and http) and the user's file, expanding ${VAR} in env and headers", async () => {
    const p = places(
      {
        mcpServers: {
          files: {
            command: 'npx',
            args: ['-y', 'server-files'],
            env: { KEY: '${API_KEY}', MODE: '${MODE:-ro}' },
          },
          remote: {
            type: 'http',
            url: 'https://example.test/mcp',
            headers: { Authorization: 'Bearer ${TOKEN}' },
          },
        },
      },
      {
        mcpServers: {
          notes: {
            command: 'notes-server',
            description: 'My notes.',
            trifectaLegs: { privateData: true, untrusted: 'none', egress: 'none' },
          },
        },
      },
    );
    const registry = await loadMcpConfig(p);
    assert.deepEqual(registry.ids, ['files', 'remote', 'notes']);
    const files = registry.get('files');
    assert.equal(files?.transport, 'stdio');
    assert.deepEqual(files?.transport === 'stdio' && files.env, { KEY: 'k', MODE: 'ro' });
    const remote = registry.get('remote');
    assert.deepEqual(remote?.transport === 'http' && remote.headers, { Authorization: 'Bearer s3cret' });
    assert.equal(registry.get('notes')?.description, 'My notes.');
    assert.equal(registry.get('notes')?.trifectaLegs?.untrusted, 'none');
  });

  test('no files: an empty registry', async () => {
    assert.equal((await loadMcpConfig(places())).isEmpty, true);
  });

  test('one id in both files is an error naming both entries', async () => {
    const p = places({ mcpServers: { x: { command: 'a' } } }, { mcpServers: { x: { command: 'b' } } });
    await assert.rejects(loadMcpConfig(p), (error: unknown) => {
      assert.ok(McpConfigError.isInstance(error));
      assert.match(
        error.message,
        /two MCP servers have the id "x": "x" \(in .*\.mcp\.json\) and "x" \(in .*\.kodama\/mcp\.json\)/,
      );
      return true;
    });
  });

  const BAD: ReadonlyArray<[string, unknown, RegExp]> = [
    ['not JSON', '{"mcpServers": ', /\.mcp\.json is not valid JSON/],
    ['no mcpServers', { servers: {} }, /\.mcp\.json must hold an object like \{"mcpServers"/],
    [
      'no command',
      { mcpServers: { x: { args: [] } } },
      /\.mcp\.json: mcpServers\.x\.command must be the program to run/,
    ],
    [
      'args not strings',
      { mcpServers: { x: { command: 'a', args: [1] } } },
      /mcpServers\.x\.args must be an array of strings/,
    ],
    [
      'unset variable',
      { mcpServers: { x: { command: 'a', env: { K: '${NOPE}' } } } },
      /mcpServers\.x\.env\.K uses \$\{NOPE\}, which is not set/,
    ],
    ['bad url', { mcpServers: { x: { type: 'http', url: 'not a url' } } }, /mcpServers\.x\.url is not a URL/],
    ['sse', { mcpServers: { x: { type: 'sse', url: 'http://a' } } }, /old SSE transport is not supported/],
    [
      'bad legs',
      {
        mcpServers: {
          x: { command: 'a', trifectaLegs: { privateData: true, untrusted: 'maybe', egress: 'none' } },
        },
      },
      /trifectaLegs\.untrusted must be one of none, soft, hard/,
    ],
    ['bad id', { mcpServers: { 'a b': { command: 'a' } } }, /MCP server id "a b" \(in .*\) is not usable/],
  ];
  for (const [name, file, message] of BAD) {
    test(`a bad file (${name}) fails with its path and the problem`, async () => {
      await assert.rejects(loadMcpConfig(places(file)), message);
    });
  }
});

describe('the project file until it is trusted', () => {
  const project = {
    mcpServers: {
      files: { command: 'npx', env: { KEY: '${API_KEY}' } },
      remote: {
        type: 'http',
        url: 'https://example.test/mcp',
        headers: { Authorization: 'Bearer ${TOKEN}' },
      },
    },
  };

  test('literal (the default) leaves ${VAR} as written: no secret is read into an untrusted file', async () => {
    const { project: _, ...p } = places(project);
    const registry = await loadMcpConfig(p);
    const files = registry.get('files');
    assert.deepEqual(files?.transport === 'stdio' && files.env, { KEY: '${API_KEY}' });
    const remote = registry.get('remote');
    assert.deepEqual(remote?.transport === 'http' && remote.headers, { Authorization: 'Bearer ${TOKEN}' });
  });

  test("omit reads only the user's file", async () => {
    const p = places(project, { mcpServers: { notes: { command: 'notes-server' } } });
    assert.deepEqual((await loadMcpConfig({ ...p, project: 'omit' })).ids, ['notes']);
  });

  for (const url of ['https://${HOST}/mcp', '${URL}', 'http${S}://example.test/', 'https://a.${ZONE}:1/x']) {
    test(`a project url whose scheme or host comes from a variable is refused (${url})`, async () => {
      const p = places({ mcpServers: { x: { type: 'http', url } } });
      for (const mode of ['expand', 'literal'] as const)
        await assert.rejects(
          loadMcpConfig({ ...p, project: mode }),
          /mcpServers\.x\.url takes its scheme or host from a variable/,
        );
    });
  }

  test('a variable in the path of a project url is expanded once trusted', async () => {
    const p = places({ mcpServers: { x: { type: 'http', url: 'https://example.test/${TOKEN}' } } });
    const x = (await loadMcpConfig(p)).get('x');
    assert.equal(x?.transport === 'http' && x.url, 'https://example.test/s3cret');
  });

  test('a bad url names the text as written, never the expanded secret', async () => {
    const p = places({ mcpServers: { x: { type: 'http', url: 'https://example.test:${TOKEN}/' } } });
    const home = places(undefined, { mcpServers: { x: { type: 'http', url: '${TOKEN}' } } });
    await assert.rejects(loadMcpConfig(home), (error: unknown) => {
      assert.ok(McpConfigError.isInstance(error));
      assert.doesNotMatch(error.message, /s3cret/);
      assert.match(error.message, /\$\{TOKEN\}/);
      return true;
    });
    await assert.rejects(loadMcpConfig(p), (error: unknown) => !String(error).includes('s3cret'));
  });
});

describe('the server environment', () => {
  test('only allowlisted variables are inherited; the entry env is set over them', () => {
    const env = serverEnvironment(
      { PATH: '/bin', HOME: '/h', OPENAI_API_KEY: 'secret', LANG: 'C' },
      { LANG: 'ja_JP' },
    );
    assert.deepEqual(env, { PATH: '/bin', HOME: '/h', LANG: 'ja_JP' });
  });

  test('the registry refuses a duplicate given in code, naming both', () => {
    assert.throws(
      () =>
        new McpRegistry([
          { id: 'a', transport: 'http', url: 'http://x', headers: {} },
          { id: 'a', transport: 'http', url: 'http://y', headers: {}, source: 'f.json' },
        ]),
      /two MCP servers have the id "a": "a" and "a" \(in f\.json\)/,
    );
  });
});
