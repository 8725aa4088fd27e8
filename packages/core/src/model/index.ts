export type { Model, RetryInfo, StreamOptions } from './model.ts';
export type { ModelRequest } from './model-request.ts';
export type {
  FinishPart,
  ModelStreamPart,
  ReasoningDeltaPart,
  TextDeltaPart,
  ToolCallDeltaPart,
  ToolCallEndPart,
  ToolCallStartPart,
  UsagePart,
} from './model-stream-part.ts';
export type { StopReason } from './stop-reason.ts';
export type { JsonSchema, ToolSpec } from './tool-spec.ts';
export type { Usage } from './usage.ts';
