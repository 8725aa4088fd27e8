import type { CliIO } from '../cli-io.ts';
import { EXIT } from '../exit-status.ts';
import { approvalInbox } from '../interactive-setup.ts';
import type { ApprovalsArgs } from './approvals-args.ts';
import { showApproval } from './shown-approval.ts';

/** `kodama approvals`: prints the waiting questions (none: a line saying so, exit 0). */
export async function approvals(args: ApprovalsArgs, io: CliIO): Promise<number> {
  const assistant = await import('@kodama/assistant');
  const waiting = await approvalInbox(assistant, io.env).list();
  if (args.json) {
    for (const pending of waiting) io.stdout.write(`${JSON.stringify(pending)}\n`);
    return EXIT.ok;
  }
  if (waiting.length === 0) {
    io.stdout.write('nothing waits on you\n');
    return EXIT.ok;
  }
  io.stdout.write(
    `${waiting.map((p) => showApproval(p)).join('\n')}\nanswer with: kodama approve <id> [--deny]\n`,
  );
  return EXIT.ok;
}
