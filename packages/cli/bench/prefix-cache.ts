// prefix-cache: a 50-turn session through kodama's Agent, against the testkit
// server, which records for every model call the prefix it shares with the
// previous one (tools, system, messages: what a provider's prompt cache can
// reuse). Along the way the session connects an MCP server (its tools join the
// tool list), switches the permission mode (the assistant's note), and is
// compacted once (with a second server writing the summary, so the one
// request that starts a new prefix is the turn after it).
// Left out until they exist here: skill promotion and tool search loading a
// deferred tool. RESULT: the lowest ratio of any conversation call but the one
// after the compaction, and how many calls share less than 0.95. Providers
// cache the tools first, so a tool added mid-session (the MCP server's) cuts
// the prefix at the end of the tool list: measured, not hidden.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modeNote, withNotes } from '@kodama/assistant';
import { Agent, defineTool, History, NONE } from '@kodama/core';
import { applyCompaction, compactionRequest, planCompaction } from '@kodama/core/compaction';
import { RANDOM_IDS } from '@kodama/core/ids';
import { McpExtension, McpRegistry } from '@kodama/mcp';
import { resolveModel } from '@kodama/models';
import { type RecordedRequest, startOpenAICompatibleServer } from '@kodama/testkit';
import { z } from 'zod';

const TURNS = 50;
const SYSTEM = 'You are kodama, a coding assistant.';
const CONNECT_AT = 15;
const MODE_AT = 25;
const COMPACT_AFTER = 35;
const FIXTURE = fileURLToPath(new URL('../../mcp/test/fixtures/server.mjs', import.meta.url));

type Body = { messages: Array<{ role: string; content?: unknown }> };
const lastOf = (r: RecordedRequest) => (r.body as Body).messages.at(-1);

const server = await startOpenAICompatibleServer({
  script: (r) => {
    const last = lastOf(r);
    const text = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
    if (last?.role === 'tool') return { text: `noted (${text.length} characters)` };
    if (text.includes('connect the fixture'))
      return { toolCalls: [{ name: 'mcp_connect', arguments: { id: 'fx' } }] };
    if (text.includes('echo it')) return { toolCalls: [{ name: 'fx__echo', arguments: { text: 'hello' } }] };
    return { toolCalls: [{ name: 'read_note', arguments: { n: r.callIndex } }] };
  },
});
const summarizer = await startOpenAICompatibleServer({
  script: () => ({ text: 'Summary: the notes were read.' }),
});

const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
const summaryModel = await resolveModel(`openai-compatible:${summarizer.url}/v1@scripted-model`, {
  maxRetries: 0,
});
const readNote = defineTool({
  name: 'read_note',
  description: 'Reads note n.',
  parameters: z.object({ n: z.number() }),
  trifectaLegs: NONE,
  execute: ({ n }) => `note ${n}: ${'lorem ipsum '.repeat(20)}`,
});
const mcp = new McpExtension({
  registry: new McpRegistry([
    { id: 'fx', transport: 'stdio', command: process.execPath, args: [FIXTURE], env: {} },
  ]),
  cacheDir: mkdtempSync(join(tmpdir(), 'kodama-prefix-')),
  // The LLM screening pass would ask the same server in the middle of the session.
  llmScreening: false,
});
const agent = new Agent({
  model,
  systemPrompt: SYSTEM,
  configure: (c) => c.addTool(readNote).addExtension(mcp),
});

let compactedAt = -1;
for (let turn = 1; turn <= TURNS; turn++) {
  let prompt = `turn ${turn}: read the next note`;
  if (turn === CONNECT_AT) prompt = 'connect the fixture server';
  if (turn === CONNECT_AT + 1) prompt = 'echo it';
  const content = turn === MODE_AT ? withNotes([modeNote('accept-edits')], prompt) : prompt;
  await agent.turn(content);
  if (turn === COMPACT_AFTER) {
    const plan = planCompaction(agent.exportHistory().messages, { keepLatestTurns: 1, keepLatestSteps: 2 });
    if (!plan) throw new Error('nothing to compact');
    const request = compactionRequest(plan.fold, {});
    let summary = '';
    for await (const part of summaryModel.stream(request))
      if (part.type === 'text-delta') summary += part.text;
    agent.loadHistory(new History(applyCompaction(plan, summary, RANDOM_IDS)));
    compactedAt = server.modelCalls.length;
  }
}
await agent.close();

// The conversation's calls (not the MCP extension's one-line description of the server, written
// with the same model), but the first and the one after the compaction.
const conversation = server.modelCalls.filter((r) =>
  JSON.stringify((r.body as Body).messages[0]?.content ?? '').startsWith(JSON.stringify(SYSTEM).slice(0, -1)),
);
const counted = conversation.filter((r) => r.sharedPrefix !== undefined && r.callIndex !== compactedAt);
const ratios = counted.map((r) => r.sharedPrefix?.ratio ?? 0);
const below = counted.filter((r) => (r.sharedPrefix?.ratio ?? 0) < 0.95);
for (const r of below)
  console.log(
    `call ${r.callIndex}: shares ${(r.sharedPrefix?.ratio ?? 0).toFixed(3)} of call ${r.sharedPrefix?.of}`,
  );
const afterCompaction = server.modelCalls[compactedAt]?.sharedPrefix?.ratio ?? 0;
const toolsOf = (r: RecordedRequest) =>
  ((r.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((t) => t.function.name);
const withMcp = server.modelCalls.filter((r) => toolsOf(r).includes('fx__echo')).length;
if (withMcp === 0) throw new Error('the MCP server never connected: the benchmark measured nothing');
console.log(
  `${server.modelCalls.length} model calls, ${conversation.length} of the conversation (${withMcp} with the MCP tools); the call after the compaction shares ${afterCompaction.toFixed(3)} (a new prefix, as expected)`,
);
await server.close();
await summarizer.close();
console.log(
  `RESULT prefix-cache shared_prefix_ratio_min=${Math.min(...ratios).toFixed(3)} turns_below_0_95=${below.length}`,
);
