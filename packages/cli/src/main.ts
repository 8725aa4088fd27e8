import { commandLine } from './args.ts';
import type { CliIO } from './cli-io.ts';
import type { BoundCommand } from './command-entry.ts';
import { usage } from './commands.ts';
import { EXIT } from './exit-status.ts';
import { parseInteractive, startsAssistant } from './interactive-args.ts';
import { UsageError } from './parse-support.ts';

export type { CliIO } from './cli-io.ts';
export { EXIT };

/**
 * Runs the `kodama` command; resolves to the exit status. Never calls
 * process.exit. Only the command table and its parsers are loaded up front:
 * `--version` and `--help` answer without loading the agent, and a command's
 * runner is imported when it runs.
 */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  let command: BoundCommand;
  try {
    // `kodama` alone opens the assistant on a terminal (elsewhere it prints the usage);
    // `kodama -p …`, `kodama --continue`: the assistant's flags come first (interactive-args.ts).
    if (startsAssistant(argv, io)) {
      const args = parseInteractive(argv);
      const { interactive } = await import('./interactive-command.ts');
      return interactive(args, io);
    }
    const { entry, words } = commandLine(argv);
    command = entry.bind(words);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`kodama: ${error.message}\n\n${usage(error.topic)}`);
    return EXIT.usage;
  }
  return command.run(io);
}
