import type { ApproveArgs } from './approve-args.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';

/**
 * `kodama approve <run id> [--deny]`: answers the confirmation a durable run
 * waits on, from any process (an `ap-…` id: a question waiting in a running
 * kodama, approvals/approve-local.ts). Resolves to the exit status (1 when the run
 * waits on nothing or does not exist).
 */
export async function approve(args: ApproveArgs, io: CliIO): Promise<number> {
  if (/^ap-/.test(args.runId)) return (await import('./approvals/approve-local.ts')).approveLocal(args, io);
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const durable = await import('@kodama/durable');
  let runs: import('@kodama/durable').DurableRuns | undefined;
  try {
    runs = await durable.DurableRuns.connect(args.database ?? io.env.KODAMA_DATABASE_URL);
    const call = await runs.approve(args.runId, {
      approved: !args.deny,
      ...(args.reason ? { reason: args.reason } : {}),
    });
    io.stdout.write(
      `${args.deny ? 'denied' : 'approved'}: ${call.toolName} ${call.arguments} (call ${call.toolCallId}) in run ${args.runId}\n`,
    );
    return EXIT.ok;
  } catch (error) {
    if (durable.DurableSetupError.isInstance(error)) {
      say(error.message);
      return EXIT.usage;
    }
    if (
      durable.NoPendingApprovalError.isInstance(error) ||
      durable.DurableRunNotFoundError.isInstance(error)
    ) {
      say(error.message);
      return EXIT.failed;
    }
    throw error;
  } finally {
    await runs?.close();
    await durable.shutdownDurable();
  }
}
