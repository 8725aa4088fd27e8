import { DBOS } from '@dbos-inc/dbos-sdk';
import type { ToolStep, ToolStepResult } from '@kodama/core/loop';
import type { DurableRunContext } from '../steps/run-context.ts';
import {
  APPROVAL_TOPIC,
  type ApprovalAnswer,
  PENDING_APPROVAL_EVENT,
  type PendingApproval,
} from './approval-messages.ts';

/**
 * Waits durably for a person's answer to `step` before running it: the
 * pending call is published as a workflow event, the answer arrives with
 * `DBOS.recv`, both recorded, so a worker that restarts mid-wait waits on
 * (an answer already received is replayed). Denied or unanswered in time:
 * the tool does not run and the model reads why.
 */
export async function approveThenRun(
  ctx: DurableRunContext,
  step: ToolStep,
  timeoutMs: number,
  run: () => Promise<ToolStepResult>,
): Promise<ToolStepResult> {
  const pending: PendingApproval = {
    toolCallId: step.toolCallId,
    toolName: step.toolName,
    arguments: step.arguments,
  };
  await DBOS.setEvent(PENDING_APPROVAL_EVENT, pending);
  ctx.note('approval-requested', pending);
  const deadline = Date.now() + timeoutMs;
  let answer: ApprovalAnswer | null = null;
  while (answer === null) {
    // The poll is also how soon a cancel from elsewhere ends the wait (DBOS's default is 10 s).
    const received = await DBOS.recv<ApprovalAnswer>(APPROVAL_TOPIC, {
      deadlineEpochMS: deadline,
      pollingIntervalMs: 500,
    });
    if (received === null) break;
    // An answer meant for another call (sent twice, or late) is dropped.
    if (received.toolCallId === step.toolCallId) answer = received;
  }
  await DBOS.setEvent(PENDING_APPROVAL_EVENT, null);
  ctx.note('approval-answered', { toolCallId: step.toolCallId, approved: answer?.approved ?? false });
  if (answer === null) {
    return { kind: 'error', result: `Error: nobody approved ${step.toolName} in time; it was not run.` };
  }
  if (!answer.approved) {
    const why = answer.reason ? ` (${answer.reason})` : '';
    return { kind: 'error', result: `Error: the user denied ${step.toolName}${why}; it was not run.` };
  }
  return run();
}
