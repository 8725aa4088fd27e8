import type { ApproveArgs } from '../approve-args.ts';
import type { CliIO } from '../cli-io.ts';
import { EXIT } from '../exit-status.ts';
import { approvalInbox } from '../interactive-setup.ts';
import { descendsFrom } from './ancestry.ts';
import { askedBy } from './shown-approval.ts';

/** How long `kodama approve` waits to see the asker take the answer before saying it has not yet. */
const PICKUP_MS = 10_000;

/**
 * `kodama approve ap-…`: answers a question waiting in a running kodama
 * (`kodama approvals` lists them). Exit 0 when this answer counts; 1 when
 * another came first, the id is unknown or the asker is gone; 2 when run by
 * the very session that asks (its agent answering itself).
 */
export async function approveLocal(args: ApproveArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const assistant = await import('@kodama/assistant');
  const inbox = approvalInbox(assistant, io.env);
  const id = args.runId;
  const waiting = await inbox.pending(id);
  if (waiting && descendsFrom(waiting.pid)) {
    say(
      `${id} was asked by the session this command runs in (pid ${waiting.pid}): an agent cannot answer its own question; answer it on that screen, or run kodama approve from another terminal`,
    );
    return EXIT.usage;
  }
  const answer = {
    approved: !args.deny,
    ...(args.reason ? { reason: args.reason } : {}),
    by: 'kodama approve',
    at: new Date().toISOString(),
  };
  const result = await inbox.answerFromOutside(id, answer);
  switch (result.kind) {
    case 'unknown':
      say(`no question ${id} waits (kodama approvals lists the ones that do)`);
      return EXIT.failed;
    case 'asker-gone':
      say(`${id} was asked by ${askedBy(result.pending)}, which has ended; nothing runs`);
      return EXIT.failed;
    case 'already-answered': {
      const how = result.answer.approved ? 'approved' : 'denied';
      say(
        `${id} was already ${how} by ${result.answer.by} at ${result.answer.at}; this answer does not count`,
      );
      return EXIT.failed;
    }
    case 'answered': {
      const { pending } = result;
      const until = Date.now() + PICKUP_MS;
      while ((await inbox.pending(id)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const taken = (await inbox.pending(id)) === undefined;
      io.stdout.write(
        `${args.deny ? 'denied' : 'approved'}: ${pending.asks} (${id}, asked by ${askedBy(pending)})${taken ? '' : '; the asker has not taken the answer yet'}\n`,
      );
      return EXIT.ok;
    }
  }
}
