/**
 * @kodama/testkit: scripted model servers over real HTTP (OpenAI-compatible
 * and Anthropic Messages) and an in-process scripted `Model` for unit tests.
 * A dev-only helper: tests import it, product code never does.
 */
export { startAnthropicServer } from './anthropic/server.ts';
export type { EmbeddingsRouteOptions } from './embed/embeddings-route.ts';
export { HashEmbedder, type HashEmbedderOptions } from './embed/hash-embedder.ts';
export { hashEmbedding, hashTokens } from './embed/hash-embedding.ts';
export {
  TINY_MODEL,
  type TinyChatModelOptions,
  tinyChatModelBytes,
  writeTinyChatModel,
} from './gguf/tiny-chat-model.ts';
export { startOpenAICompatibleServer } from './openai/server.ts';
export type {
  RecordedRequest,
  Script,
  ScriptedAnswer,
  ScriptedCutFault,
  ScriptedEmptyChoicesFault,
  ScriptedFault,
  ScriptedHangFault,
  ScriptedHttpFault,
  ScriptedNoFinishFault,
  ScriptedReply,
  ScriptedStallFault,
  ScriptedStreamErrorFault,
  ScriptedToolCall,
  ScriptedUsage,
} from './script.ts';
export { ScriptedModel, type ScriptedModelOptions } from './scripted-model/scripted-model.ts';
export { describeSessionStore, type MakeSessionStore } from './session-store-suite.ts';
export type { ScriptedServer, ScriptedServerOptions } from './shared/server-types.ts';
export { promptText, SHARED_PREFIX_WINDOW, type SharedPrefix, sharedPrefix } from './shared/shared-prefix.ts';
