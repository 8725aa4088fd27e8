/**
 * @kodama/models: kodama's `Model` port over real providers. `resolveModel`
 * turns a "provider:model" target into a `Model`; `fromAiSdk` wraps any AI SDK
 * `LanguageModelV3`; retries, idle timeouts, context-window detection and
 * typed errors are shared by every adapter.
 *
 * Importing this module loads no `@ai-sdk/*` package and not node-llama-cpp:
 * each is imported when a target that needs it is resolved.
 */

export type { Model, Usage } from '@kodama/core';
export { ModelError } from '@kodama/core';
export type { IdSource } from '@kodama/core/ids';
// The model port, declared in @kodama/core (documented there), re-exported for convenience.
export type {
  Embedder,
  EmbedOptions,
  FinishPart,
  LongPromptPrice,
  ModelCapabilities,
  ModelPrice,
  ModelRequest,
  ModelStreamPart,
  PriceTable,
  ReasoningDeltaPart,
  RetryInfo,
  StopReason,
  StreamOptions,
  TextDeltaPart,
  ToolCallDeltaPart,
  ToolCallEndPart,
  ToolCallStartPart,
  ToolSpec,
  UsagePart,
} from '@kodama/core/model';
export { EmbeddingDimensionError } from '@kodama/core/model';

// Adapters: any AI SDK model, and kodama's lean OpenAI-compatible one.
export { type AdapterOptions, fromAiSdk } from './adapter/from-ai-sdk.ts';
export type { ContextWindowProbe } from './context-window/cached-context-window.ts';
export { lookupKnownContextWindow } from './context-window/known-context-windows.ts';
// Embeddings: the Embedder port's adapters (OpenAI-compatible /v1/embeddings, Google, local GGUF).
export { createGoogleEmbedder, type GoogleEmbedderOptions } from './embed/google-embedder.ts';
export { createLocalEmbedder } from './embed/local-embedder.ts';
export {
  createOpenAICompatibleEmbedder,
  type OpenAICompatibleEmbedderOptions,
} from './embed/openai-embedder.ts';
export { type ResolveEmbedderOptions, resolveEmbedder } from './embed/resolve-embedder.ts';
// Errors (all extend ModelError).
export {
  MissingApiKeyError,
  ModelAuthError,
  ModelServerUnreachableError,
  ModelTargetError,
  StreamIdleTimeoutError,
  StreamKeepAliveError,
} from './errors.ts';
export type { FetchFunction } from './http/fetch-json.ts';
export { DEFAULT_IDLE_TIMEOUT_MS } from './idle/idle-timeout.ts';
export { DEFAULT_KEEP_ALIVE_LIMIT_MS } from './idle/keep-alive-limit.ts';
// Local models: in-process llama.cpp through the optional node-llama-cpp (imported only for `local:`).
export { DEFAULT_LOCAL_MODEL } from './local/default-local-model.ts';
export { type EnsureHfModelOptions, ensureHfModel } from './local/hf-download.ts';
export {
  LocalBinaryMissingError,
  LocalModelFileError,
  LocalRuntimeMissingError,
  ModelDownloadError,
  NODE_LLAMA_CPP_VERSION,
} from './local/local-errors.ts';
export type { LocalModelHandle } from './local/local-model-handle.ts';
export {
  DEFAULT_LOCAL_MAX_TOKENS,
  type DownloadProgress,
  type LocalGpu,
  type LocalModelOptions,
} from './local/local-options.ts';
export type { LocalSource, LocalTarget } from './local/local-target.ts';
export {
  type CachedModel,
  type HfFile,
  hfFile,
  listCachedModels,
  modelsCacheDir,
  removeCachedModel,
} from './local/model-cache.ts';
export {
  type ChatCompletionsModelOptions,
  createChatCompletionsModel,
} from './openai-compatible/chat-completions-model.ts';
// Prices: the bundled table each adapter declares its model's `capabilities.prices` from.
export { DEFAULT_PRICES } from './pricing/default-prices.ts';
export { findModelPrice } from './pricing/find-model-price.ts';
export type { OpenAICompatibleAdapter } from './resolve/compatible-models.ts';
export {
  type DiscoveredModel,
  type DiscoverOptions,
  discoverDefaultModel,
} from './resolve/discover-default-model.ts';
// Targets: parse, resolve, discover.
export { type ModelTarget, parseTarget } from './resolve/parse-target.ts';
export type { ModelEnv } from './resolve/provider-env.ts';
export { type ResolveModelOptions, resolveModel } from './resolve/resolve-model.ts';
// Policies and what they default to.
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry/retry-policy.ts';
