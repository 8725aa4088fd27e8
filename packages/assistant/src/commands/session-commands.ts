import type { Usage } from '@kodama/core';
import {
  applyCompaction,
  type CompactionRequestOptions,
  compactionRequest,
  planCompaction,
} from '@kodama/core/compaction';
import { RANDOM_IDS } from '@kodama/core/ids';
import { costOf } from '@kodama/core/model';
import type { Command, SlashContext } from './slash-commands.ts';

/** `/fork`: the conversation so far continues under a new session id; the original stays saved as it is. */
async function fork(_args: string, c: SlashContext): Promise<void> {
  const from = await c.app.fork();
  c.say(`forked: now in session ${c.app.sessionId}; ${from} stays as it was (/resume ${from})`);
}

/**
 * `/compact [what to keep]`: folds all but the latest prompt and its answer
 * into a summary the model of the next turn writes (after a `/model` switch, the new one) (the same request the loop's own
 * compaction sends), then continues from head + summary + the latest turn.
 */
async function compact(args: string, c: SlashContext): Promise<void> {
  const messages = c.agent.exportHistory().messages;
  const plan = planCompaction(messages, { keepLatestTurns: 1, keepLatestSteps: 2 });
  if (!plan || plan.fold.length === 0) return c.say('nothing to compact yet: the conversation is short');
  const stopped = await c.beforeCompact?.(args);
  if (stopped !== undefined) return c.say(`not compacted: ${stopped}`, 'warning');
  const window = c.agent.contextWindowCap;
  const options: CompactionRequestOptions = window ? { maxTranscriptChars: window * 2 } : {};
  const request = compactionRequest(plan.fold, options);
  const focus = args ? `\n\nThe user asks the summary to keep in particular: ${args}` : '';
  const model = c.app.nextModel;
  c.say(`compacting ${plan.fold.length} messages with ${model.provider}:${model.modelId}…`);
  let summary = '';
  let usage: Usage | undefined;
  for await (const part of model.stream({ ...request, system: `${request.system}${focus}` })) {
    if (part.type === 'text-delta') summary += part.text;
    else if (part.type === 'usage') usage = part.usage;
  }
  if (usage) c.usage.addRequest(usage, costOf(usage, model.capabilities?.prices));
  if (summary.trim() === '')
    return c.say('the model wrote an empty summary; the conversation is unchanged', 'warning');
  const next = applyCompaction(plan, summary, RANDOM_IDS);
  await c.app.replaceConversation(
    next,
    `compacted: ${plan.fold.length} messages folded into a summary of ${summary.length} characters`,
  );
}

/** The MCP extension as the assistant sees it (structurally: it imports only core). */
/** `/mcp [connect <id>]`: the configured servers, which are connected and their tools; or connect one. */
async function mcp(args: string, c: SlashContext): Promise<void> {
  const servers = c.info.mcpServers ?? [];
  const ext = c.info.mcp;
  if (servers.length === 0 || !ext)
    return c.say('no MCP servers configured (.mcp.json in the project, ~/.kodama/mcp.json; kodama mcp add)');
  const [verb, id] = args.split(/\s+/);
  if (verb === 'connect') {
    if (!id) return c.say('/mcp connect <id>', 'warning');
    const result = await ext.connect(id);
    const skipped = result.skipped.length ? `; skipped: ${result.skipped.join(', ')}` : '';
    return c.say(`connected ${id}: ${result.tools.join(', ') || 'no tools'}${skipped}`);
  }
  if (verb) return c.say('/mcp lists the servers; /mcp connect <id> connects one', 'warning');
  const lines = servers.map((s) => {
    const on = ext.connected.includes(s.id);
    const tools = c.agent.tools.filter((t) => t.name.startsWith(`${s.id}__`)).map((t) => t.name);
    const state = on
      ? `connected, ${tools.length} tools`
      : 'not connected (the model connects it with mcp_connect)';
    return `${on ? '●' : '○'} ${s.id}: ${state}${s.description ? ` — ${s.description}` : ''}${s.source ? ` [${s.source}]` : ''}`;
  });
  c.say(lines.join('\n'));
}

/** `/fork`, `/compact`, `/mcp`. */
export const SESSION_COMMANDS: readonly Command[] = [
  { name: 'fork', description: 'go on in a copy of this session (the original stays)', run: fork },
  {
    name: 'compact',
    description: 'fold the conversation so far into a summary',
    argumentHint: '[what to keep]',
    run: compact,
  },
  {
    name: 'mcp',
    description: 'MCP servers: configured, connected, their tools',
    argumentHint: '[connect <id>]',
    whileBusy: true,
    run: mcp,
  },
];
