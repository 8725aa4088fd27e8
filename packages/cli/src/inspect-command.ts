import type { TrifectaReport } from '@kodama/core';
import { AssistantSetupError } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { InspectArgs } from './inspect-args.ts';
import { eventsDir, openSessionStore } from './session-store.ts';
import { assistantMap } from './trifecta-command.ts';

/**
 * `kodama inspect`: serves the inspector over the session store `--store`
 * names, with the trifecta map of the assistant the tool flags build, on
 * 127.0.0.1 with a random token in the URL it prints, until SIGINT.
 */
export async function inspect(args: InspectArgs, io: CliIO): Promise<number> {
  let report: TrifectaReport;
  try {
    report = await assistantMap(args, io);
  } catch (error) {
    if (!(error instanceof AssistantSetupError)) throw error;
    io.stderr.write(`kodama: ${error.message}\n`);
    return error.usage ? EXIT.usage : EXIT.failed;
  }
  const store = await openSessionStore(args.store, io.env);
  const { startInspector } = await import('@kodama/inspector');
  const inspector = await startInspector({
    store,
    port: args.port,
    eventsDir: eventsDir(io.env),
    trifecta: () => report,
  });
  io.stderr.write(
    `kodama: the inspector is at ${inspector.url}\nkodama: (127.0.0.1 only; the token in the address is the key; Ctrl+C stops it)\n`,
  );
  const signals = io.signals ?? process;
  await new Promise<void>((resolve) => signals.on('SIGINT', resolve));
  await inspector.close();
  await store.close();
  return EXIT.ok;
}
