// One `kodama` command as data: what dispatch, `kodama --help` and
// `kodama help <name>` need. The table of them is commands.ts. An entry holds
// only its parser and texts; its runner stays behind a dynamic import(), so
// `--version` and `--help` load the table and the parsers, never a runner.
import type { ParseArgsConfig } from 'node:util';
import type { CliIO } from './cli-io.ts';

/** What every command's parser produces: tagged by the command that runs it. */
export interface ParsedLine {
  readonly command: string;
}

/** A command's work: resolves to the exit status (exit-status.ts), never calls process.exit. */
export type Runner<A> = (args: A, io: CliIO) => Promise<number>;

/** How a command is written: the entry's data plus `load`, the dynamic import of its runner. */
export interface CommandSpec<A extends ParsedLine> {
  /** The word after `kodama`. */
  readonly name: A['command'];
  /** Its line in `kodama --help`, after `kodama `: `ask "<prompt>" [options]`. */
  readonly synopsis: string;
  /** What it does, beside the synopsis in `kodama --help` (a `\n` continues on the next line). */
  readonly summary: string;
  /** The text of `kodama <name> --help` and `kodama help <name>`, printed after its usage errors. */
  readonly usage: string;
  /** The flags its parser accepts (node's parseArgs options), for help and completion to read. */
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** First words that stand for this command whatever follows (`--version`, `-v`). */
  readonly flags?: readonly string[];
  /**
   * Parses the words after the name (`--help` never reaches it: dispatch
   * turns that into `kodama help <name>`).
   * Contract: loads nothing beyond node's parser; a line it cannot act on
   * throws UsageError naming the problem (parse-support.ts).
   */
  readonly parse: (words: readonly string[]) => A;
  /** Imports the runner: `() => import('./x-command.ts').then((m) => m.x)`. */
  readonly load: () => Promise<Runner<A>>;
}

/** A parsed command line, ready to run. */
export interface BoundCommand<A extends ParsedLine = ParsedLine> {
  readonly args: A;
  /** Loads the runner and runs it. */
  run(io: CliIO): Promise<number>;
}

/**
 * A row of the command table: the spec without `load`, which `bind` keeps.
 * The parsed type appears only as an output, so every entry is a
 * `CommandEntry<ParsedLine>` and the table needs no casts.
 */
export interface CommandEntry<A extends ParsedLine = ParsedLine> extends Omit<CommandSpec<A>, 'load'> {
  /** Parses `words` (throwing UsageError) and pairs the result with the runner that takes it. */
  bind(words: readonly string[]): BoundCommand<A>;
}

/** Makes a table entry of a command's spec. */
export function defineCommand<A extends ParsedLine>(spec: CommandSpec<A>): CommandEntry<A> {
  const { load, ...entry } = spec;
  return {
    ...entry,
    bind(words) {
      const args = spec.parse(words);
      return { args, run: async (io) => (await load())(args, io) };
    },
  };
}

/** A line of `kodama --help`: `kodama <synopsis>`, then the summary at a fixed column. */
export type HelpRow = Pick<CommandSpec<ParsedLine>, 'synopsis' | 'summary'>;
