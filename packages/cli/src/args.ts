// Which command a command line names, and its parsed arguments: a lookup in
// the command table (commands.ts), nothing per command.
import { type CliArgs, COMMAND_TABLE, HELP_COMMAND, type TableEntry } from './commands.ts';
import { asksForHelp, UsageError } from './parse-support.ts';

export type { CliArgs } from './commands.ts';

/** The entry a command line names and the words its parser reads. */
export interface CommandLine {
  readonly entry: TableEntry;
  readonly words: readonly string[];
}

/**
 * Finds the command of `argv` (without `node` and the script path): no words
 * and `--help` are kodama's help, a command's flag spelling (`--version`)
 * stands for it whatever follows, and `--help` anywhere before `--` is the
 * help of the named command, whatever else is wrong on the line.
 * @throws UsageError for an unknown command
 */
export function commandLine(argv: readonly string[]): CommandLine {
  const [word, ...rest] = argv;
  if (word === undefined) return { entry: HELP_COMMAND, words: [] };
  const flagged = COMMAND_TABLE.find((e) => e.flags?.includes(word));
  if (flagged) return { entry: flagged, words: [] };
  const entry = COMMAND_TABLE.find((e) => e.name === word);
  if (!entry) throw new UsageError(`unknown command "${word}". Try: kodama ask "<prompt>"`);
  if (asksForHelp(rest)) return { entry: HELP_COMMAND, words: [entry.name] };
  return { entry, words: rest };
}

/** Parses argv (without `node` and the script path). Throws UsageError with a helpful message. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { entry, words } = commandLine(argv);
  return entry.parse(words);
}
