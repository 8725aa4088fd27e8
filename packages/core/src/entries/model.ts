/**
 * @kodama/core/model: the Model port in detail, for those who write a model
 * adapter or read its stream — requests, stream parts, stop reasons,
 * capabilities and prices, embedders.
 */
export { costOf } from '../model/cost-of.ts';
export { type Embedder, EmbeddingDimensionError, type EmbedOptions } from '../model/embedder.ts';
export type { RetryInfo, StreamOptions } from '../model/model.ts';
export { type ModelCapabilities, modelCapabilities } from '../model/model-capabilities.ts';
export type { LongPromptPrice, ModelPrice, PriceTable } from '../model/model-price.ts';
export type { ModelRequest } from '../model/model-request.ts';
export type {
  FinishPart,
  ModelStreamPart,
  ReasoningDeltaPart,
  TextDeltaPart,
  ToolCallDeltaPart,
  ToolCallEndPart,
  ToolCallStartPart,
  UsagePart,
} from '../model/model-stream-part.ts';
export type { ResponseFormat } from '../model/response-format.ts';
export type { StopReason } from '../model/stop-reason.ts';
export type { JsonSchema, ToolSpec } from '../model/tool-spec.ts';
