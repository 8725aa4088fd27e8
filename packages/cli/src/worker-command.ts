import { Readable } from 'node:stream';
import { AssistantSetupError, buildAssistant } from './assistant-setup.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import { pickModel } from './pick-model.ts';
import { type AgentSpec, resolveAgentSpec } from './resolve-spec.ts';
import type { WorkerArgs } from './worker-args.ts';

/** The durable agent name `kodama worker` serves and `kodama runs submit` targets. */
export const CLI_DURABLE_NAME = 'kodama';

/**
 * `kodama worker`: makes the assistant `kodama ask` would build durable and
 * executes queued runs of it until SIGINT or SIGTERM, then stops gracefully
 * (running runs get time to finish, the rest go back on the queue). One
 * fresh agent per run. Resolves to the exit status.
 */
export async function worker(args: WorkerArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const model = await pickModel(args.model, io);
  if (!model) return EXIT.usage;
  // Nobody is at this terminal for a queued run: terminal confirmations are declined (unless --yes).
  const remote: CliIO = { ...io, stdin: Object.assign(Readable.from([]), { isTTY: false }) };
  const { durable, durableAgentOptions, DurableSetupError, startWorker } = await import('@kodama/durable');
  const options = {
    model,
    ...(args.maxSteps ? { maxSteps: args.maxSteps } : {}),
    ...durableAgentOptions,
  };
  let spec: AgentSpec;
  try {
    // Build once up front, so a bad flag fails now rather than in the first run.
    // The configuration is read once, here; every agent is built from this spec.
    spec = await resolveAgentSpec(args, remote);
    await (await buildAssistant(spec, remote, options)).close();
  } catch (error) {
    if (!(error instanceof AssistantSetupError)) throw error;
    say(error.message);
    return error.usage ? EXIT.usage : EXIT.failed;
  }
  let running: Awaited<ReturnType<typeof startWorker>>;
  try {
    durable(() => buildAssistant(spec, remote, options), {
      name: CLI_DURABLE_NAME,
      database: args.database ?? io.env.KODAMA_DATABASE_URL,
      ...(args.executorId ? { executorId: args.executorId } : {}),
      ...(args.approve.length > 0 ? { approval: { tools: args.approve } } : {}),
    });
    running = await startWorker({ queue: args.queue, concurrency: args.concurrency });
  } catch (error) {
    if (!DurableSetupError.isInstance(error)) throw error;
    say(error.message);
    return EXIT.usage;
  }
  say(
    `worker ${running.executorId} serving queue ${args.queue} (${args.concurrency} at once` +
      `${args.approve.length > 0 ? `; ${args.approve.join(', ')} wait for kodama approve` : ''}); Ctrl+C stops it`,
  );
  const signals = io.signals ?? process;
  const signal = await new Promise<string>((resolve) => {
    signals.on('SIGINT', () => resolve('SIGINT'));
    signals.on('SIGTERM', () => resolve('SIGTERM'));
  });
  say(`${signal}: finishing the running runs (up to 30 s), the rest go back on the queue`);
  await running.stop({ drainMs: 30_000 });
  say('worker stopped');
  return EXIT.ok;
}
