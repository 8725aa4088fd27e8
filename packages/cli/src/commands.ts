// The command table: every `kodama` command, in the order `kodama --help`
// lists them. Dispatch (args.ts, main.ts), `--help` and `kodama help <name>`
// read it; a new command is its own file (name, texts, options, parser, the
// import of its runner: see command-entry.ts) plus one line here.
import { acpCommand } from './acp-args.ts';
import { approvalsCommand } from './approvals/approvals-args.ts';
import { approveCommand } from './approve-args.ts';
import { askCommand } from './ask-args.ts';
import type { CommandEntry } from './command-entry.ts';
import { graphCommand } from './graph-args.ts';
import { helpCommand } from './help-args.ts';
import { usageOf } from './help-text.ts';
import { indexCommand } from './index-args.ts';
import { inspectCommand } from './inspect-args.ts';
import { mcpCommand } from './mcp-args.ts';
import { memoryCommand } from './memory-args.ts';
import { modelsCommand } from './models-args.ts';
import type { HelpArgs } from './parse-support.ts';
import { replayCommand } from './replay-args.ts';
import { runCommand } from './run-args.ts';
import { runsCommand } from './runs-args.ts';
import { serveCommand } from './serve-args.ts';
import { sessionsCommand } from './sessions-args.ts';
import { skillsCommand } from './skills-args.ts';
import { trifectaCommand } from './trifecta-args.ts';
import { trustCommand } from './trust-args.ts';
import { versionCommand } from './version-args.ts';
import { workerCommand } from './worker-args.ts';

/** `kodama help`, `--help`, and every command's `--help`: reads the table when it runs. */
export const HELP_COMMAND = helpCommand((): readonly CommandEntry[] => COMMAND_TABLE);

/** Every command, in the order `kodama --help` lists them. */
export const COMMAND_TABLE = [
  askCommand,
  sessionsCommand,
  replayCommand,
  skillsCommand,
  modelsCommand,
  trifectaCommand,
  mcpCommand,
  acpCommand,
  serveCommand,
  inspectCommand,
  workerCommand,
  runsCommand,
  approvalsCommand,
  approveCommand,
  indexCommand,
  memoryCommand,
  runCommand,
  graphCommand,
  trustCommand,
  HELP_COMMAND,
  versionCommand,
] as const;

/** A row of the table, with the type of what its parser returns. */
export type TableEntry = (typeof COMMAND_TABLE)[number];

/** The name of a command in the table. */
export type CommandName = TableEntry['name'];

/** What a command line asks for: what one of the table's parsers returns. */
export type CliArgs = ReturnType<TableEntry['parse']>;

/** The usage text for `topic` (kodama's own, or a command's). */
export function usage(topic: HelpArgs['topic']): string {
  return usageOf(COMMAND_TABLE, topic);
}
