import type { HistoryMessage } from '../history/history-message.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';

/**
 * The tools whose untrusted output has entered a conversation: every tool
 * result of a tool whose legs say it brings in untrusted content (`soft` or
 * `hard`), first seen first, each name once. Derived from the messages alone,
 * so the taint survives export/load and session continuation and a clear
 * resets it. A tool `legsOf` does not know (one removed since) is skipped.
 */
export function taintSources(
  messages: readonly HistoryMessage[],
  legsOf: (toolName: string) => TrifectaLegs | undefined,
): string[] {
  const sources = new Set<string>();
  for (const { message } of messages) {
    if (message.role !== 'tool' || sources.has(message.toolName)) continue;
    const legs = legsOf(message.toolName);
    if (legs !== undefined && legs.untrusted !== 'none') sources.add(message.toolName);
  }
  return [...sources];
}
