import type { CliIO } from '../cli-io.ts';
import { EXIT } from '../exit-status.ts';
import { approvalInbox } from '../interactive-setup.ts';
import type { ApprovalsArgs } from './approvals-args.ts';
import { durableWaiting, showDurable } from './durable-waiting.ts';
import { showApproval } from './shown-approval.ts';

/** `kodama approvals`: prints the waiting questions (none: a line saying so, exit 0). */
export async function approvals(args: ApprovalsArgs, io: CliIO): Promise<number> {
  const assistant = await import('@kodama/assistant');
  const local = await approvalInbox(assistant, io.env).list();
  const database = args.database ?? io.env.KODAMA_DATABASE_URL;
  let durable: Awaited<ReturnType<typeof durableWaiting>> = [];
  if (database) {
    try {
      durable = await durableWaiting(database);
    } catch (error) {
      // The local questions still show; the database's problem is said once.
      io.stderr.write(`kodama: the durable runs' calls are not listed: ${(error as Error).message}\n`);
    }
  }
  if (args.json) {
    for (const pending of [...local, ...durable]) io.stdout.write(`${JSON.stringify(pending)}\n`);
    return EXIT.ok;
  }
  if (local.length + durable.length === 0) {
    io.stdout.write('nothing waits on you\n');
    return EXIT.ok;
  }
  const shown = [...local.map((p) => showApproval(p)), ...durable.map(showDurable)];
  io.stdout.write(`${shown.join('\n')}\nanswer with: kodama approve <id> [--deny]\n`);
  return EXIT.ok;
}
