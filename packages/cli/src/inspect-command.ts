import type { TrifectaReport } from '@kodama/core/trifecta';
import { AssistantSetupError } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { InspectArgs } from './inspect-args.ts';
import { type InspectedData, inspectedData } from './inspected-data.ts';
import { UsageError } from './parse-support.ts';
import { serverToken, urlHost } from './serve-args.ts';
import { eventsDir } from './session-store.ts';
import { assistantMap } from './trifecta-command.ts';

/**
 * `kodama inspect`: serves the inspector over the session store `--store`
 * names (or, with `--database`, the Postgres one and the durable runs' event
 * log), with the trifecta map of the assistant the tool flags build, on
 * `--host` (127.0.0.1), until SIGINT. It prints the address a person opens:
 * the token (generated, or `--token` / `$KODAMA_SERVE_TOKEN`) rides in its
 * fragment, which the browser never sends; `--no-auth` serves without one.
 */
export async function inspect(args: InspectArgs, io: CliIO): Promise<number> {
  let token: ReturnType<typeof serverToken>;
  try {
    token = serverToken(args, io.env, 'inspect');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`kodama: ${error.message}\n`);
    return EXIT.usage;
  }
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
  let inspector: Awaited<ReturnType<typeof startInspector>>;
  try {
    inspector = await startInspector({
      store: sources.store,
      port: args.port,
      host: args.host,
      ...(token.token === undefined ? { noAuth: true } : { token: token.token }),
      eventsDir: eventsDir(io.env),
      ...(sources.runEvents ? { runEvents: sources.runEvents } : {}),
      trifecta: () => report,
    });
  } catch (error) {
    io.stderr.write(
      `kodama: cannot listen on ${urlHost(args.host, args.port)}: ${(error as Error).message}\n`,
    );
    await sources.close();
    return EXIT.failed;
  }
  const key =
    token.token === undefined
      ? 'no token: anyone on this machine can read the sessions'
      : 'open this address: the token after # is the key, and the page keeps it for its tab';
  io.stderr.write(`kodama: the inspector is at ${inspector.url}\nkodama: (${key}; Ctrl+C stops it)\n`);
  const signals = io.signals ?? process;
  await new Promise<void>((resolve) => signals.on('SIGINT', resolve));
  await inspector.close();
  await sources.close();
  return EXIT.ok;
}
