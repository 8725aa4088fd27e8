// kodama mcp serve --tools read offers the workspace's files as read-only MCP resources, driven by
// the SDK's own client over stdio, as an attacker would use them: no path outside the root, no
// denylisted file (by name, through a symlink, through a hard link), no symlink escape, no other
// scheme; and ordinary files still read, text as text and bytes as a blob.
import assert from 'node:assert/strict';
import { linkSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpProject } from './support/mcp-project.ts';
import { BIN, isolatedEnv } from './support/run-kodama.ts';

async function served(tools: string) {
  const { dir, root, home } = mcpProject('kodama-cli-mcp-res-');
  const outside = join(dir, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'outside secret');
  writeFileSync(join(root, 'notes.txt'), 'hello from the workspace\n');
  writeFileSync(join(root, 'logo.bin'), Buffer.from([0xff, 0xfe, 0x00, 0x81]));
  writeFileSync(join(root, '.env'), 'API_KEY=sk-live-123');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'main.ts'), 'export {};\n');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'escape.txt'));
  symlinkSync(outside, join(root, 'outdir'));
  symlinkSync(join(root, '.env'), join(root, 'env-link.txt'));
  linkSync(join(root, '.env'), join(root, 'env-hard.txt'));
  const client = new Client({ name: 't', version: '1' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', 'serve', '--tools', tools, '--root', root],
    env: isolatedEnv({ HOME: home, XDG_CACHE_HOME: join(dir, 'cache') }) as Record<string, string>,
  });
  await client.connect(transport);
  const real = realpathSync(root);
  return { client, uri: (rel: string) => pathToFileURL(join(real, rel)).href, outside };
}

const code = (error: unknown) => (error as { code?: number }).code;

describe('kodama mcp serve: the workspace as resources', () => {
  test('listed: ordinary files only (no denylisted file, no link); read: text and blob', async () => {
    const { client, uri } = await served('read');
    try {
      assert.deepEqual(client.getServerCapabilities()?.resources, {});
      // A hard link is a regular file by its name: listed, and refused when read (below).
      const { resources } = await client.listResources();
      assert.deepEqual(resources.map((r) => r.name).sort(), [
        '.mcp.json',
        'env-hard.txt',
        'logo.bin',
        'notes.txt',
        'src/main.ts',
      ]);
      assert.equal(resources.find((r) => r.name === 'notes.txt')!.uri, uri('notes.txt'));
      const text = await client.readResource({ uri: uri('notes.txt') });
      assert.deepEqual(text.contents, [
        { uri: uri('notes.txt'), mimeType: 'text/plain', text: 'hello from the workspace\n' },
      ]);
      const bin = await client.readResource({ uri: uri('logo.bin') });
      assert.deepEqual(bin.contents, [
        { uri: uri('logo.bin'), mimeType: 'application/octet-stream', blob: '//4AgQ==' },
      ]);
    } finally {
      await client.close();
    }
  });

  test('refused with JSON-RPC errors: outside the root, denylisted, symlink and hard-link escapes, other schemes', async () => {
    const { client, uri, outside } = await served('read');
    try {
      const refused = async (target: string, why: RegExp, expected = -32602) => {
        await assert.rejects(
          client.readResource({ uri: target }),
          (error: unknown) => code(error) === expected && why.test((error as Error).message),
          target,
        );
      };
      await refused(pathToFileURL('/etc/passwd').href, /outside the workspace/);
      await refused(pathToFileURL(join(outside, 'secret.txt')).href, /outside the workspace/);
      await refused(`${uri('src')}/../../outside/secret.txt`, /outside the workspace/);
      await refused(uri('.env'), /credential file/);
      await refused(uri('escape.txt'), /outside the workspace/);
      await refused(uri('outdir/secret.txt'), /outside the workspace/);
      await refused(uri('env-link.txt'), /credential file/);
      await refused(uri('env-hard.txt'), /hard link to the credential file/);
      await refused(uri('src'), /is a folder/);
      await refused('http://example.com/notes.txt', /only file:\/\/ URIs/);
      await refused('file://otherhost/etc/passwd', /only file:\/\/ URIs/);
      await refused(uri('missing.txt'), /no such file/, -32002);
    } finally {
      await client.close();
    }
  });

  test('without read served there are no resources', async () => {
    const { client } = await served('calculator');
    try {
      assert.equal(client.getServerCapabilities()?.resources, undefined);
      await assert.rejects(client.listResources(), (error: unknown) => code(error) === -32601);
    } finally {
      await client.close();
    }
  });
});
