import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { AssistantSetupError, buildAssistant } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import { UsageError } from './parse-support.ts';
import { pickModel } from './pick-model.ts';
import { type AgentSpec, resolveAgentSpec } from './resolve-spec.ts';
import { type ServeArgs, serverToken, tokenNote, urlHost } from './serve-args.ts';

/**
 * `kodama serve`: the assistant `kodama ask` would build, as an AG-UI
 * endpoint on `--host` (127.0.0.1 by default), one fresh agent per request,
 * until SIGINT. Every request needs the bearer token (generated and printed
 * once, or `--token` / `$KODAMA_SERVE_TOKEN`, or none with `--no-auth`) and
 * a `Host`/`Origin` of this server. Nobody sits at the terminal to confirm for
 * a remote caller, so confirmations see no terminal: the permission rules and
 * `--yes` chosen at start-up decide. Resolves to the exit status.
 */
export async function serve(args: ServeArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  let token: ReturnType<typeof serverToken>;
  try {
    token = serverToken(args, io.env, 'serve');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(error.message);
    return EXIT.usage;
  }
  const model = await pickModel(args.model, io);
  if (!model) return EXIT.usage;
  const remote: CliIO = { ...io, stdin: Object.assign(Readable.from([]), { isTTY: false }) };
  let spec: AgentSpec;
  try {
    // Build once up front, so a bad flag fails now rather than at the first request.
    // The configuration is read once, here; every agent is built from this spec.
    spec = await resolveAgentSpec(args, remote);
    await (await buildAssistant(spec, remote, { model })).close();
  } catch (error) {
    if (!(error instanceof AssistantSetupError)) throw error;
    say(error.message);
    return error.usage ? EXIT.usage : EXIT.failed;
  }
  const { agUiHandler } = await import('@kodama/ag-ui');
  const handler = agUiHandler({
    token: token.token,
    agent: async () => {
      const agent = await buildAssistant(spec, remote, { model });
      return {
        stream: (input, options) => {
          const stream = agent.stream(input, options);
          void stream.run.finally(() => agent.close());
          return stream;
        },
      };
    },
  });
  const server = createServer(handler);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(args.port, args.host, resolve);
    });
  } catch (error) {
    say(`cannot listen on ${urlHost(args.host, args.port)}: ${(error as Error).message}`);
    return EXIT.failed;
  }
  const { port } = server.address() as { port: number };
  say(`serving AG-UI on http://${urlHost(args.host, port)}/ (${tokenNote(token)})`);
  const signals = io.signals ?? process;
  await new Promise<void>((resolve) => signals.on('SIGINT', resolve));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return EXIT.ok;
}
