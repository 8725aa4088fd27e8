import type { AskPerson, ConfirmAnswer } from '../confirm/confirm-types.ts';
import type { ApprovalInbox } from './approval-inbox.ts';
import {
  type ApprovalAnswer,
  type AskingSurface,
  type PendingApproval,
  pendingApproval,
} from './pending-approval.ts';

/** Told when another surface answered a question this one was showing. */
export type AnsweredElsewhere = (pending: PendingApproval, answer: ApprovalAnswer) => void;

function asApproval(answer: ConfirmAnswer, by: string): ApprovalAnswer {
  const approved = answer.kind === 'yes' || answer.kind === 'always';
  const reason =
    answer.kind === 'no' ? answer.reason : answer.kind === 'unanswered' ? 'unanswered' : undefined;
  return { approved, ...(reason ? { reason } : {}), by, at: new Date().toISOString() };
}

function asConfirm(answer: ApprovalAnswer): ConfirmAnswer {
  if (answer.approved) return { kind: 'yes' };
  return answer.reason ? { kind: 'no', reason: answer.reason } : { kind: 'no' };
}

/**
 * `ask` with each question also published in `inbox`, so `kodama approve <id>`
 * (or any surface reading the inbox) can answer it: the first answer counts,
 * from here or from there. An answer from elsewhere closes the question here
 * (its signal aborts) and is told to `onElsewhere`. An inbox that cannot be
 * written leaves `ask` as it was: the question is still asked here.
 */
export function throughInbox(
  ask: AskPerson,
  inbox: ApprovalInbox,
  from: AskingSurface,
  onElsewhere?: AnsweredElsewhere,
): AskPerson {
  return async (question, signal) => {
    const pending = pendingApproval(question, from);
    try {
      await inbox.publish(pending);
    } catch {
      return ask(question, signal);
    }
    const local = new AbortController();
    const stop = () => local.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const here = ask(question, local.signal).then((answer) => ({ here: answer }) as const);
      const there = inbox
        .waitForAnswer(pending.id, local.signal)
        .then((answer) => ({ there: answer }) as const);
      const first = await Promise.race([here, there]);
      if ('here' in first) {
        const mine = asApproval(first.here, from.surface);
        const counted = await inbox.claim(pending.id, mine);
        if (counted === mine) return first.here;
        onElsewhere?.(pending, counted);
        return asConfirm(counted);
      }
      if (first.there === undefined) return { kind: 'no' };
      // The surface is told to close its question; its late answer is not waited for (an editor may
      // take its time to reply to a cancelled request) and does not count.
      local.abort();
      here.catch(() => undefined);
      onElsewhere?.(pending, first.there);
      return asConfirm(first.there);
    } finally {
      local.abort();
      signal?.removeEventListener('abort', stop);
      await inbox.settle(pending.id).catch(() => undefined);
    }
  };
}
