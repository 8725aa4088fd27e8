import { readFileSync } from 'node:fs';
import { HELP, parseCliArgs, UsageError } from './args.ts';
import { ask, type CliIO } from './ask.ts';

export type { CliIO } from './ask.ts';

/** Exit statuses of the `kodama` command. */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2, cancelled: 130 });

/** Runs the `kodama` command; resolves to the exit status. Never calls process.exit. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`kodama: ${error.message}\n\n${HELP}`);
    return EXIT.usage;
  }
  if (args.command === 'help') {
    io.stdout.write(HELP);
    return EXIT.ok;
  }
  if (args.command !== 'ask') {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    io.stdout.write(`kodama ${pkg.version}\n`);
    return EXIT.ok;
  }
  return ask(args, io);
}
