// What the client declares, against the real fixture server (the SDK's McpServer over stdio) through
// an agent: with roots configured, the server sees the roots capability and its roots/list answers the
// workspace roots as file:// URIs, nothing else; without, no capability. Elicitation and sampling are
// never declared, and a server that asks anyway is refused, never answered.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Agent } from '@kodama/core';
import type { ModelRequest } from '@kodama/core/model';
import { McpConfigError, McpExtension, McpRegistry } from '../src/index.ts';
import { closeLater, lastText, scriptedModel, stdioEntry, tempDir } from './helpers.ts';

/** Connects fx, calls `tool`, answers with what the model read; returns that text. */
async function modelReads(tool: string, roots?: string[]): Promise<string> {
  const steps = [
    () => ({ toolCalls: [{ name: 'mcp_connect', arguments: { id: 'fx' } }] }),
    () => ({ toolCalls: [{ name: `fx__${tool}`, arguments: {} }] }),
    (r: ModelRequest) => ({ text: lastText(r) }),
  ];
  const model = scriptedModel((request, i) => steps[i]!(request));
  const mcp = new McpExtension({
    registry: new McpRegistry([stdioEntry('fx')]),
    cacheDir: tempDir(),
    ...(roots ? { roots } : {}),
  });
  const agent = new Agent({ model, systemPrompt: 'You test.', configure: (c) => c.addExtension(mcp) });
  closeLater(() => agent.close());
  const answer = await agent.turn('go');
  await agent.close();
  return answer;
}

describe('client capabilities', () => {
  test('roots: declared, and roots/list answers exactly the workspace roots as file:// URIs', async () => {
    const workspace = join(tempDir(), 'my project');
    const other = tempDir();
    const seen = JSON.parse(await modelReads('roots', [workspace, `${other}/sub/..`])) as {
      capabilities: Record<string, unknown>;
      roots: { uri: string; name: string }[];
    };
    assert.deepEqual(seen.capabilities, { roots: { listChanged: false } });
    assert.deepEqual(seen.roots, [
      { uri: pathToFileURL(workspace).href, name: 'my project' },
      { uri: pathToFileURL(other).href, name: other.split('/').at(-1) },
    ]);
    assert.match(seen.roots[0]!.uri, /^file:\/\/\/.*my%20project$/);
  });

  test('no roots configured: no capability at all', async () => {
    const seen = JSON.parse(await modelReads('roots')) as { capabilities: unknown; roots: unknown };
    assert.deepEqual(seen, { capabilities: {}, roots: null });
  });

  test('a root that is not an absolute path is refused when the extension is made', () => {
    assert.throws(
      () => new McpExtension({ registry: new McpRegistry([stdioEntry('fx')]), roots: ['src'] }),
      (e: unknown) => e instanceof McpConfigError && /must be an absolute path, not "src"/.test(e.message),
    );
  });

  test('elicitation and sampling requests are refused, never answered', async () => {
    const answer = await modelReads('ask', [tempDir()]);
    assert.match(answer, /^elicitation\/create refused: .*Method not found/m);
    assert.match(answer, /^sampling\/createMessage refused: .*Method not found/m);
    assert.doesNotMatch(answer, /answered/);
  });
});
