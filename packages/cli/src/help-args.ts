// `kodama help [<command>]` (also `--help`, `-h`, and `--help` after any
// command): prints a usage from the command table it is given.
import { parseArgs } from 'node:util';
import type { CommandEntry } from './command-entry.ts';
import { EXIT } from './exit-status.ts';
import { usageOf } from './help-text.ts';
import { type Command, type HelpArgs, strictParse, UsageError } from './parse-support.ts';

/**
 * The help entry over `table` (a function: the table holds this entry). Not
 * made by defineCommand: its usage lists the table's names, so it is read
 * when printed, not when the table is built.
 */
export function helpCommand(table: () => readonly CommandEntry[]): CommandEntry<HelpArgs> {
  const isCommand = (word: string): word is Command => table().some((e) => e.name === word);
  const parse = (words: readonly string[]): HelpArgs => {
    const { positionals } = strictParse('help', () =>
      parseArgs({ args: [...words], allowPositionals: true, strict: true, options: {} }),
    );
    const [topic, extra] = positionals;
    if (extra !== undefined) throw new UsageError('kodama help takes at most one command', 'help');
    if (topic === undefined) return { command: 'help', topic: 'kodama' };
    if (!isCommand(topic)) throw new UsageError(`unknown command "${topic}"`, 'help');
    return { command: 'help', topic };
  };
  return {
    name: 'help',
    synopsis: 'help [<command>]',
    summary: 'print this help, or the help of a command',
    get usage() {
      const names = table().map((e) => e.name);
      return `Usage: kodama help [<command>]\n\nPrints the help of kodama, or of one command: ${names.join(', ')}.\n`;
    },
    options: {},
    flags: ['--help', '-h'],
    parse,
    bind(words) {
      const args = parse(words);
      return {
        args,
        run: async (io) => {
          io.stdout.write(usageOf(table(), args.topic));
          return EXIT.ok;
        },
      };
    },
  };
}
