export { Conversation } from './conversation.ts';
export { EmptyTurnError, needsAMessage } from './empty-turn-error.ts';
export type { ModelRoundOptions } from './model-round.ts';
export { streamModelRound } from './model-round.ts';
export type { RepairWording } from './repair.ts';
export {
  CANCELLED_RESULT,
  CANCELLED_SKIPPED_RESULT,
  FAILED_SKIPPED_RESULT,
  failureText,
  repairWording,
  STEP_BUDGET_RESULT,
} from './repair.ts';
export type { TurnConfig, TurnResult, TurnState } from './run-turn.ts';
export { runTurn } from './run-turn.ts';
export type {
  ModelStep,
  ModelStepResult,
  ParsedToolInput,
  StepRunner,
  ToolStep,
  ToolStepResult,
} from './step-runner.ts';
export { DIRECT_STEP_RUNNER } from './step-runner.ts';
export type { BatchConfig } from './tool-batch.ts';
export { runToolBatch } from './tool-batch.ts';
