import type { HistoryMessage } from '../history/history-message.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';

/**
 * The tools whose untrusted content has entered a conversation, first seen
 * first, each name once: every name a message's recorded `taint` holds (a
 * tool result, a compaction summary). A tool result without a recorded taint
 * (a history written before taint was recorded) counts its tool when
 * `legsOf` says that tool brings untrusted content in (`soft` or `hard`); a
 * tool `legsOf` does not know is skipped for those. Derived from the messages
 * alone, so the taint survives export/load, session continuation with another
 * tool set and compaction, and a clear resets it.
 */
export function taintSources(
  messages: readonly HistoryMessage[],
  legsOf: (toolName: string) => TrifectaLegs | undefined = () => undefined,
): string[] {
  const sources = new Set<string>();
  for (const { message, taint } of messages) {
    if (taint !== undefined) {
      for (const name of taint) sources.add(name);
      continue;
    }
    if (message.role !== 'tool' || sources.has(message.toolName)) continue;
    const legs = legsOf(message.toolName);
    if (legs !== undefined && legs.untrusted !== 'none') sources.add(message.toolName);
  }
  return [...sources];
}
