import { randomUUID } from 'node:crypto';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { RunsArgs } from './runs-args.ts';
import { formatTable } from './table.ts';
import { CLI_DURABLE_NAME } from './worker-command.ts';

type Runs = import('@kodama/durable').DurableRuns;

/**
 * `kodama runs ...`: submits durable runs for `kodama worker`, and reads,
 * follows and cancels them, from any process on the database. Resolves to
 * the exit status (`result` and `submit --wait`: by the run's outcome).
 */
export async function runs(args: RunsArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const durable = await import('@kodama/durable');
  let client: Runs | undefined;
  try {
    client = await durable.DurableRuns.connect(args.database ?? io.env.KODAMA_DATABASE_URL);
    return await act(args, client, io);
  } catch (error) {
    if (durable.DurableSetupError.isInstance(error)) {
      say(error.message);
      return EXIT.usage;
    }
    if (durable.DurableRunNotFoundError.isInstance(error)) {
      say(error.message);
      return EXIT.failed;
    }
    throw error;
  } finally {
    await client?.close();
    await durable.shutdownDurable();
  }
}

async function act(args: RunsArgs, client: Runs, io: CliIO): Promise<number> {
  const out = (text: string) => io.stdout.write(text);
  const id = args.target ?? '';
  switch (args.action) {
    case 'submit': {
      const runId = randomUUID();
      await client.enqueue(CLI_DURABLE_NAME, args.queue, runId, {
        input: id,
        ...(args.deadlineMs === undefined ? {} : { deadlineAt: Date.now() + args.deadlineMs }),
      });
      if (!args.wait) {
        out(`${runId}\n`);
        return EXIT.ok;
      }
      io.stderr.write(`kodama: run ${runId} queued on ${args.queue}; waiting for a worker\n`);
      return printResult(await client.result(runId), args, io);
    }
    case 'list': {
      const list = await client.list();
      if (args.json) out(`${JSON.stringify(list)}\n`);
      else {
        const rows = list.map((r) => [
          r.runId,
          r.status,
          r.executorId ?? '',
          new Date(r.createdAt).toISOString(),
        ]);
        out(
          rows.length === 0 ? 'no durable runs\n' : formatTable(['RUN', 'STATUS', 'WORKER', 'CREATED'], rows),
        );
      }
      return EXIT.ok;
    }
    case 'status': {
      const status = await client.status(id);
      out(
        args.json
          ? `${JSON.stringify(status)}\n`
          : `${status.runId}: ${status.status}${status.executorId ? ` (worker ${status.executorId})` : ''}\n`,
      );
      return EXIT.ok;
    }
    case 'result':
      return printResult(await client.result(id), args, io);
    case 'events':
      for await (const event of client.events(id, { follow: args.follow })) out(`${JSON.stringify(event)}\n`);
      return EXIT.ok;
    case 'cancel':
      await client.cancel(id);
      out(`cancelled ${id}\n`);
      return EXIT.ok;
  }
}

function printResult(run: Awaited<ReturnType<Runs['result']>>, args: RunsArgs, io: CliIO): number {
  if (args.json) {
    io.stdout.write(
      `${JSON.stringify({ runId: run.id, outcome: run.outcome, response: run.response, usage: run.usage, error: run.error?.message })}\n`,
    );
  } else {
    if (run.response) io.stdout.write(`${run.response}\n`);
    if (run.error) io.stderr.write(`kodama: run ${run.id} ${run.outcome}: ${run.error.message}\n`);
  }
  const exits = { completed: EXIT.ok, failed: EXIT.failed, partial: EXIT.partial, cancelled: EXIT.cancelled };
  return exits[run.outcome];
}
