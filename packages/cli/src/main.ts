import { readFileSync } from 'node:fs';
import { parseCliArgs } from './args.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import { parseInteractive, startsAssistant } from './interactive-args.ts';
import { UsageError } from './parse-support.ts';
import { usage } from './usage.ts';

export type { CliIO } from './cli-io.ts';
export { EXIT };

/** The version in kodama's package.json (next to `src/` and `dist/` alike). */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * Runs the `kodama` command; resolves to the exit status. Never calls
 * process.exit. Only the argument parser is loaded up front: `--version` and
 * `--help` answer without loading the agent, and `ask` is imported when run.
 */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  let args: ReturnType<typeof parseCliArgs>;
  try {
    // `kodama` alone opens the assistant on a terminal (elsewhere it prints the usage);
    // `kodama -p …`, `kodama --continue`: the assistant's flags come first (interactive-args.ts).
    if (startsAssistant(argv, io)) {
      const { interactive } = await import('./interactive-command.ts');
      return interactive(parseInteractive(argv), io);
    }
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`kodama: ${error.message}\n\n${usage(error.topic)}`);
    return EXIT.usage;
  }
  switch (args.command) {
    case 'help':
      io.stdout.write(usage(args.topic));
      return EXIT.ok;
    case 'version':
      io.stdout.write(`kodama ${version()}\n`);
      return EXIT.ok;
    case 'ask': {
      const { ask } = await import('./ask.ts');
      return ask(args, io);
    }
    case 'mcp': {
      const { mcp } = await import('./mcp-command.ts');
      return mcp(args, io);
    }
    case 'inspect': {
      const { inspect } = await import('./inspect-command.ts');
      return inspect(args, io);
    }
    case 'serve': {
      const { serve } = await import('./serve-command.ts');
      return serve(args, io);
    }
    case 'trifecta': {
      const { trifecta } = await import('./trifecta-command.ts');
      return trifecta(args, io);
    }
    case 'sessions': {
      const { sessions } = await import('./sessions.ts');
      return sessions(args, io);
    }
    case 'skills': {
      const { skills } = await import('./skills-command.ts');
      return skills(args, io);
    }
    case 'models': {
      const { models } = await import('./models-command.ts');
      return models(args, io);
    }
    case 'worker': {
      const { worker } = await import('./worker-command.ts');
      return worker(args, io);
    }
    case 'runs': {
      const { runs } = await import('./runs-command.ts');
      return runs(args, io);
    }
    case 'approve': {
      const { approve } = await import('./approve-command.ts');
      return approve(args, io);
    }
    case 'index': {
      const { indexCommand } = await import('./index-command.ts');
      return indexCommand(args, io);
    }
    case 'memory': {
      const { memoryCommand } = await import('./memory-command.ts');
      return memoryCommand(args, io);
    }
    case 'run': {
      const { run } = await import('./run-command.ts');
      return run(args, io);
    }
    case 'graph': {
      const { graphCommand } = await import('./graph-command.ts');
      return graphCommand(args, io);
    }
    case 'trust': {
      const { trust } = await import('./trust-command.ts');
      return trust(args, io);
    }
  }
}
