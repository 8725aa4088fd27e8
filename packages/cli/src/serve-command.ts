import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { AssistantSetupError, buildAssistant } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import { pickModel } from './pick-model.ts';
import type { ServeArgs } from './serve-args.ts';

/**
 * `kodama serve`: the assistant `kodama ask` would build, as an AG-UI
 * endpoint on 127.0.0.1, one fresh agent per request, until SIGINT. Nobody
 * sits at the terminal to confirm for a remote caller, so confirmations see
 * no terminal (declined, unless `--yes`). Resolves to the exit status.
 */
export async function serve(args: ServeArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const model = await pickModel(args.model, io);
  if (!model) return EXIT.usage;
  const remote: CliIO = { ...io, stdin: Object.assign(Readable.from([]), { isTTY: false }) };
  try {
    // Build once up front, so a bad flag fails now rather than at the first request.
    await (await buildAssistant(args, remote, { model })).close();
  } catch (error) {
    if (!(error instanceof AssistantSetupError)) throw error;
    say(error.message);
    return error.usage ? EXIT.usage : EXIT.failed;
  }
  const token = args.noAuth
    ? undefined
    : (args.token ?? (io.env.KODAMA_SERVE_TOKEN || randomBytes(24).toString('base64url')));
  const { agUiHandler } = await import('@kodama/ag-ui');
  const handler = agUiHandler({
    token,
    agent: async () => {
      const agent = await buildAssistant(args, remote, { model });
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
  await new Promise<void>((resolve) => server.listen(args.port, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  say(
    `serving AG-UI on http://127.0.0.1:${port}/ (${token === undefined ? 'no authentication' : `token: ${token}`})`,
  );
  const signals = io.signals ?? process;
  await new Promise<void>((resolve) => signals.on('SIGINT', resolve));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return EXIT.ok;
}
