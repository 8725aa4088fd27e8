// `kodama --help` and `kodama help <name>`, drawn from the command table (the
// table is a parameter: commands.ts holds it and imports this file).
import { ASK_OPTIONS_TEXT } from './ask-args.ts';
import type { CommandEntry, HelpRow } from './command-entry.ts';
import { ASSISTANT_HELP } from './interactive-args.ts';
import type { HelpArgs } from './parse-support.ts';

/** The column where the summaries of `kodama --help` start. */
const SUMMARY_COLUMN = 38;

/** One row: the summary beside the synopsis, or under it when the synopsis is too long. */
function helpRow({ synopsis, summary }: HelpRow): string {
  const head = `  kodama ${synopsis}`;
  const [first = '', ...more] = summary.split('\n');
  const indent = ' '.repeat(SUMMARY_COLUMN);
  const start = head.length + 2 <= SUMMARY_COLUMN ? head.padEnd(SUMMARY_COLUMN) : `${head}\n${indent}`;
  return [start + first, ...more.map((line) => indent + line)].join('\n');
}

/**
 * The text of `kodama --help`: a row per command in the table's order, the
 * assistant (kodama with no command) right after the first command, ask, whose
 * model and tool flags it takes; then ask's options.
 */
export function kodamaHelp(table: readonly CommandEntry[]): string {
  const [first, ...rest] = table;
  const rows = [...(first ? [first] : []), ...ASSISTANT_HELP, ...rest].map(helpRow);
  return `kodama: a terminal agent\n\nUsage:\n${rows.join('\n')}\n\n${ASK_OPTIONS_TEXT}`;
}

/** The usage text for `topic`: kodama's own, or the named command's. */
export function usageOf(table: readonly CommandEntry[], topic: HelpArgs['topic']): string {
  if (topic === 'kodama') return kodamaHelp(table);
  const entry = table.find((e) => e.name === topic);
  if (!entry) throw new Error(`no command "${topic}" in the command table`);
  return entry.usage;
}
