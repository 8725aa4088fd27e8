/** @kodama/core/loop: the turn loop's seams (the step runner) and the errors it ends a turn with. */
export type { AnswerFormat } from '../loop/answer-format.ts';
export { EmptyTurnError } from '../loop/empty-turn-error.ts';
export { DuplicateToolCallIdError, OutputTruncatedError } from '../loop/model-errors.ts';
export {
  DIRECT_STEP_RUNNER,
  type InputStep,
  type InputStepResult,
  type ModelStep,
  type ModelStepResult,
  type ParsedToolInput,
  type StepRunner,
  type ToolStep,
  type ToolStepResult,
} from '../loop/step-runner.ts';
