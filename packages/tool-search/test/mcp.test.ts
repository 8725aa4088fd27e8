// A real MCP server (kodama's own tool server over Streamable HTTP, in this
// process) connected mid-conversation through an MCP extension included in
// tool search: its tools are deferred, a search loads one by appending it,
// and the model calls it in the next step.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createToolServer, McpExtension, McpRegistry, serveHttp } from '@kodama/mcp';
import { toolSearch } from '../src/index.ts';
import { agentOf, ask, catalog, scriptedModel, tool } from './helpers.ts';

test('tool search finds a deferred MCP tool connected mid-session; the model calls it next', async () => {
  const add = tool('add', 'Adds two numbers and returns the sum.', {
    a: { type: 'number' },
    b: { type: 'number' },
  });
  const endpoint = await serveHttp(() => createToolServer(() => [add]));
  after(() => endpoint.close());
  const registry = new McpRegistry([
    {
      id: 'calc',
      transport: 'http',
      url: endpoint.url,
      headers: { authorization: `Bearer ${endpoint.token}` },
      description: 'A calculator.',
    },
  ]);
  const search = toolSearch({ contextWindow: 32_000 });
  const mcp = search.include(new McpExtension({ registry, llmScreening: false, cacheDir: null, env: {} }));
  const { model, requests } = await scriptedModel([
    { name: 'mcp_connect', arguments: { id: 'calc' } },
    { name: 'tool_search', arguments: { query: 'sum of two numbers' } },
    { name: 'calc__add', arguments: { a: 2, b: 40 } },
  ]);
  const agent = agentOf(model, { tools: catalog(), extensions: [mcp, search] });
  await ask(agent);
  assert.ok(mcp instanceof McpExtension);
  assert.deepEqual(mcp.connected, ['calc']);
  const [first, second, third, fourth] = requests;
  assert.ok(first && second && third && fourth);
  assert.deepEqual(first.names, ['mcp_connect', 'tool_search']);
  // Connected, but deferred: not in the request, announced in one note.
  assert.deepEqual(second.tools, first.tools);
  assert.ok(!second.names.includes('calc__add'));
  const note = second.users.join('\n');
  assert.match(note, /\[tool search\] 1 new tool is deferred; load with tool_search: calc__add/);
  // The search loads it: appended after request N's tools, the system prompt unchanged.
  assert.match(third.results[1] ?? '', /^Loaded 1 tool; call it from your next step:\n- calc__add: /);
  assert.deepEqual(third.tools.slice(0, second.tools.length), second.tools);
  assert.deepEqual(third.names.slice(2), ['calc__add']);
  assert.equal(third.system, first.system);
  assert.equal(fourth.results[2], `add ran with {"a":2,"b":40}`);
  assert.deepEqual(add.calls, [{ a: 2, b: 40 }]);
  assert.deepEqual(search.loaded, ['calc__add']);
});
