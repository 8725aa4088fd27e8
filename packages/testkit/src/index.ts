/**
 * @kodama/testkit: scripted model servers over real HTTP (OpenAI-compatible
 * and Anthropic Messages) and an in-process scripted `Model` for unit tests.
 * A dev-only helper: tests import it, product code never does.
 */
export { startAnthropicServer } from './anthropic/server.ts';
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
