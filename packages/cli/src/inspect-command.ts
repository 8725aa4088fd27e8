import type { TrifectaReport } from '@kodama/core';
import { AssistantSetupError } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { InspectArgs } from './inspect-args.ts';
import { type InspectedData, inspectedData } from './inspected-data.ts';
import { eventsDir } from './session-store.ts';
import { assistantMap } from './trifecta-command.ts';

/**
 * `kodama inspect`: serves the inspector over the session store `--store`
 * names (or, with `--database`, the Postgres one and the durable runs' event
 * log), with the trifecta map of the assistant the tool flags build, on
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
  let sources: InspectedData;
  try {
    sources = await inspectedData(args, io.env);
  } catch (error) {
    if (!(await import('@kodama/durable')).DurableSetupError.isInstance(error)) throw error;
    io.stderr.write(`kodama: ${error.message}\n`);
    return EXIT.usage;
  }
  const { startInspector } = await import('@kodama/inspector');
  const inspector = await startInspector({
    store: sources.store,
    port: args.port,
    eventsDir: eventsDir(io.env),
    ...(sources.runEvents ? { runEvents: sources.runEvents } : {}),
    trifecta: () => report,
  });
  io.stderr.write(
    `kodama: the inspector is at ${inspector.url}\nkodama: (127.0.0.1 only; the token in the address is the key; Ctrl+C stops it)\n`,
  );
  const signals = io.signals ?? process;
  await new Promise<void>((resolve) => signals.on('SIGINT', resolve));
  await inspector.close();
  await sources.close();
  return EXIT.ok;
}
