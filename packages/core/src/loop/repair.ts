import { CancelledError } from '../controls/cancellable.ts';
import { StepLimitExceeded } from '../controls/step-limit.ts';
import { failureText } from '../tool/failure-text.ts';
import type { Conversation } from './conversation.ts';

/** Answers the tool call that was running (or about to run) when the user cancelled. */
export const CANCELLED_RESULT = '[Cancelled by the user]';
/** Answers a tool call of a cancelled batch that never started. */
export const CANCELLED_SKIPPED_RESULT = '[Not executed — the user cancelled this turn]';
/** Answers a tool call that the exhausted step budget kept from running. */
export const STEP_BUDGET_RESULT = '[Not executed — step budget exhausted]';
/** Answers a tool call that never started because an earlier call of its batch failed. */
export const FAILED_SKIPPED_RESULT = '[Not executed — a previous tool call in this batch failed]';

/** The two answers for one unwinding cause: for the call that raised (or was about to), and for the rest. */
export interface RepairWording {
  readonly first: string;
  readonly rest: string;
}

/**
 * The wording that answers dangling tool calls, by what unwound the batch.
 * Telling a call that never started "you failed" invites a pointless retry,
 * hence a second constant for the rest.
 */
export function repairWording(cause: unknown): RepairWording {
  if (CancelledError.isInstance(cause)) return { first: CANCELLED_RESULT, rest: CANCELLED_SKIPPED_RESULT };
  if (StepLimitExceeded.isInstance(cause)) return { first: STEP_BUDGET_RESULT, rest: STEP_BUDGET_RESULT };
  return { first: failureText(cause), rest: FAILED_SKIPPED_RESULT };
}

/**
 * The last line of defence of a turn: answers every tool call still open
 * (something outside a tool batch unwound the turn, e.g. a listener threw
 * while calls were announced), the first with `wording.first`, the rest with
 * `wording.rest`, so the conversation can be sent again.
 */
export function answerOpenToolCalls(conversation: Conversation, wording: RepairWording): void {
  let first = true;
  for (const call of conversation.openToolCalls()) {
    conversation.appendToolResult(call, first ? wording.first : wording.rest);
    first = false;
  }
}
