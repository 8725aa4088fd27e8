import { writeFile } from 'node:fs/promises';
import type { Agent } from '@kodama/core';
import { stripControlSequences } from '@kodama/core/listeners';
import type { SessionStore } from '@kodama/core/session';
import { taintSources } from '@kodama/core/taint';
import { renderTrifecta } from '@kodama/core/trifecta';
import type { UsageTotals } from '../app/usage-totals.ts';
import { compactCount } from '../render/status-line.ts';
import { contentText } from '../render/tool-entry.ts';
import type { SlashContext } from './slash-commands.ts';
import { trifectaWhy } from './trifecta-why.ts';

/** A rough token count (4 characters a token), for sizes shown to people, never for limits. */
export function roughTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** `/sessions`: the 20 most recent. */
export async function sessionsReport(store: SessionStore): Promise<string> {
  const sessions = (await store.list()).slice(0, 20);
  if (sessions.length === 0) return 'no stored sessions';
  return sessions
    .map(
      (s) =>
        `${s.id}  ${new Date(s.updatedAt).toISOString().slice(0, 16).replace('T', ' ')}  ${s.messageCount} msgs  ${s.title === undefined ? '' : stripControlSequences(s.title)}`,
    )
    .join('\n');
}

/** `/context`: the system prompt, instruction files, tools with their sizes, and the context used. */
export function contextReport(ctx: SlashContext): string {
  const { agent, info, usage } = ctx;
  const lines = [`system prompt: ~${compactCount(roughTokens(agent.systemPrompt))} tokens`];
  for (const f of info.instructions ?? [])
    lines.push(`  instructions ${f.path}: ~${compactCount(roughTokens('x'.repeat(f.chars)))} tokens`);
  const toolTokens = agent.tools.map(
    (t) => [t.name, roughTokens(t.description + JSON.stringify(t.parameters.jsonSchema))] as const,
  );
  lines.push(
    `tools: ${agent.tools.length}, ~${compactCount(toolTokens.reduce((a, [, n]) => a + n, 0))} tokens`,
  );
  for (const [name, n] of toolTokens) lines.push(`  ${name}: ~${n}`);
  if (info.skills?.length) lines.push(`skills: ${info.skills.map((s) => s.name).join(', ')}`);
  const cap = agent.contextWindowCap;
  lines.push(`context used: ${usage.contextTokens ?? '-'} of ${cap ?? 'an unknown window'}`);
  return lines.join('\n');
}

/** `/tools`: name and first line of each description. */
export function toolsReport(agent: Agent): string {
  const lines = agent.tools.map((t) => `${t.name}: ${t.description.split('\n')[0]}`);
  if (agent.subAgentTools.length)
    lines.push(`for sub-agents only: ${agent.subAgentTools.map((t) => t.name).join(', ')}`);
  return lines.join('\n') || 'no tools';
}

/** `/trifecta`: the static map, then the runtime taint of this conversation. */
export function trifectaReport(agent: Agent): string {
  const legs = new Map([...agent.tools, ...agent.subAgentTools].map((t) => [t.name, t.trifectaLegs]));
  const sources = taintSources(agent.exportHistory().messages, (name) => legs.get(name));
  const taint = sources.length
    ? `untrusted content in this conversation from: ${sources.join(', ')}; egress tools ask first`
    : 'no untrusted content in this conversation yet';
  const report = agent.trifecta();
  // The map and its why as `kodama trifecta` prints them for the same tools, then this conversation's taint.
  return [renderTrifecta(report), ...trifectaWhy(report), taint].join('\n');
}

/** The first line of a fresh screen: how to begin (a continued session shows its conversation instead). */
export const START_HINT =
  'type a request · /help lists commands · @file attaches · !cmd runs in a shell · Ctrl+D quits';

/** `/cost`. */
export function costReport(usage: UsageTotals): string {
  const cost =
    usage.costUsd === undefined ? 'unknown (a model without a price)' : `$${(usage.costUsd ?? 0).toFixed(4)}`;
  return `this session: ${usage.inputTokens} input tokens, ${usage.outputTokens} output tokens, ${cost}`;
}

/** `/export <file>`: `.json` as a History document, anything else as Markdown. */
export async function exportConversation(agent: Agent, file: string): Promise<string> {
  if (!file) return 'export to which file? /export notes.md or /export chat.json';
  const history = agent.exportHistory();
  if (file.endsWith('.json')) {
    await writeFile(file, history.serialize());
  } else {
    const parts: string[] = [];
    for (const { message } of history.messages) {
      if (message.role === 'user') parts.push(`## You\n\n${contentText(message.content)}`);
      else if (message.role === 'assistant') {
        if (message.text.trim()) parts.push(`## kodama\n\n${message.text}`);
        for (const call of message.toolCalls) parts.push(`> tool \`${call.name}\` ${call.arguments}`);
      } else
        parts.push(
          `> result of \`${message.toolName}\`:\n>\n> ${contentText(message.content).split('\n').slice(0, 20).join('\n> ')}`,
        );
    }
    await writeFile(file, `${parts.join('\n\n')}\n`);
  }
  return `exported ${history.messages.length} messages to ${file}`;
}
