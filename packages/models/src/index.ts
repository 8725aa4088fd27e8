/**
 * @kodama/models: kodama's `Model` port over real providers. `resolveModel`
 * turns a "provider:model" target into a `Model`; `fromAiSdk` wraps any AI SDK
 * `LanguageModelV3`; retries, context-window detection and typed errors are
 * shared by every adapter.
 */
export type {
  FinishPart,
  Model,
  ModelRequest,
  ModelStreamPart,
  ReasoningDeltaPart,
  RetryInfo,
  StopReason,
  StreamOptions,
  TextDeltaPart,
  ToolCallDeltaPart,
  ToolCallEndPart,
  ToolCallStartPart,
  ToolSpec,
  Usage,
  UsagePart,
} from '@kodama/core';
export { ModelError } from '@kodama/core';
export { type AdapterOptions, fromAiSdk } from './adapter/from-ai-sdk.ts';
export { parseToolArguments } from './adapter/parse-tool-arguments.ts';
export { lookupKnownContextWindow } from './context-window/known-context-windows.ts';
export {
  MissingApiKeyError,
  ModelAuthError,
  ModelServerUnreachableError,
  ModelTargetError,
} from './errors.ts';
export type { FetchFunction } from './http/fetch-json.ts';
export {
  type ChatCompletionsModelOptions,
  createChatCompletionsModel,
} from './openai-compatible/chat-completions-model.ts';
export type { OpenAICompatibleAdapter } from './resolve/compatible-models.ts';
export {
  type DiscoveredModel,
  type DiscoverOptions,
  discoverDefaultModel,
} from './resolve/discover-default-model.ts';
export { type ModelTarget, parseTarget } from './resolve/parse-target.ts';
export type { ModelEnv } from './resolve/provider-env.ts';
export { type ResolveModelOptions, resolveModel } from './resolve/resolve-model.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry/retry-policy.ts';
