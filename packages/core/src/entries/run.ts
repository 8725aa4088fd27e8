/**
 * @kodama/core/run: for those who write a Run body (assemblies, durable runs):
 * the body contract, creating a Run of a body, every Run event, resources and
 * long timers.
 */
export type { CloseHandler } from '../lifecycle/close-handler.ts';
export type { RunnableAgent } from '../run/agent-body.ts';
export type {
  AssemblyEvent,
  AssemblyHandoffLoopEvent,
  AssemblyKind,
  AssemblyStepEndEvent,
  AssemblyStepRetryEvent,
  AssemblyStepStartEvent,
  AssemblyTransitionEvent,
} from '../run/assembly-events.ts';
export { createRunOf, type RunOfSettings } from '../run/create-run-of.ts';
export type { RunOutcome } from '../run/execute-run.ts';
export type { InterjectionResponse, Interjections } from '../run/interjections.ts';
export { MAX_TIMER_MS, startLongTimer } from '../run/long-timer.ts';
export type { RunInit } from '../run/run.ts';
export type {
  RunBody,
  RunBodyContext,
  RunBodyResult,
  RunConversation,
  RunUsageSink,
} from '../run/run-body.ts';
export {
  CHILD_RUN_END,
  CHILD_RUN_START,
  type ChildRunContext,
  type ChildRunnable,
  childAnswer,
} from '../run/run-child.ts';
export { InterjectionNotAnsweredError, RunStateError } from '../run/run-errors.ts';
export {
  type AgentStreamEvent,
  type AgentStreamSource,
  type InterjectionDeliveredEvent,
  isTerminalEvent,
  type RunCancelledEnd,
  type RunCompletedEnd,
  type RunFailedEnd,
  type RunPartialEnd,
  type RunStartEvent,
  type RunTerminalEvent,
} from '../run/run-events.ts';
export { validateAskOptions } from '../run/run-options.ts';
export type { RunResource } from '../run/run-resources.ts';
export { FINAL_ANSWER_TOOL } from '../structured/answer-wording.ts';
