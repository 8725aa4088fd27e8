/**
 * @kodama/core: messages and history, the model port, tools, the agent loop,
 * events, listeners, controls, extensions and the trifecta map. Imports
 * nothing else of kodama's. Every public name is listed here; anything not
 * listed is internal and may change.
 */

// The agent and its options.
export { Agent } from './agent/agent.ts';
export type { AgentOptions, ToolFailurePolicy, TurnOptions } from './agent/agent-options.ts';
export { agentNode, agentTrifecta } from './agent/agent-trifecta.ts';
export { type AsToolOptions, agentAsTool, type ToolableAgent } from './agent/as-tool.ts';
export { AgentClosedError, TurnInProgressError } from './agent/errors.ts';
// Long conversations: compaction (tool-loop detection is listed with the tools).
export { applyCompaction } from './compaction/apply-compaction.ts';
export type { CompactionInfo } from './compaction/compaction-info.ts';
export { type CompactionRequestOptions, compactionRequest } from './compaction/compaction-request.ts';
export { isContextOverflow } from './compaction/is-context-overflow.ts';
export { type CompactionOptions, type CompactionPlan, planCompaction } from './compaction/plan-compaction.ts';
export { type ShouldCompactInput, shouldCompact } from './compaction/should-compact.ts';
// Controls: the doors into a running turn.
export { Cancellable, CancelledError } from './controls/cancellable.ts';
export { Interloper } from './controls/interloper.ts';
export { type OnExhausted, StepLimit, StepLimitExceeded } from './controls/step-limit.ts';
// Errors shared by every package.
export type { ErrorInfo } from './errors/error-info.ts';
export { InvalidOptionError } from './errors/invalid-option-error.ts';
export { KodamaError, type KodamaErrorOptions } from './errors/kodama-error.ts';
export { ModelError, type ModelErrorKind, type ModelErrorOptions } from './errors/model-error.ts';
export { type DomainEventOf, defineEvent, type EventKey, isEvent } from './events/define-event.ts';
// Events: the one vocabulary.
export type {
  AgentEvent,
  AgentEventType,
  AssistantDeltaEvent,
  AssistantEvent,
  CancelledEvent,
  CompactionEvent,
  ContextCapEvent,
  DomainEvent,
  Emit,
  FallbackNoticeEvent,
  HistoryLoadedEvent,
  ModelRef,
  ModelStartEvent,
  ModelSwitchedEvent,
  ReasoningDeltaEvent,
  ReasoningEvent,
  ResetEvent,
  RetryEvent,
  TokensEvent,
  ToolCallEvent,
  ToolResultEvent,
  ToolStartEvent,
  TurnEndEvent,
  TurnErrorInfo,
  TurnOutcome,
  TurnStartEvent,
  UserTurnEvent,
} from './events/events.ts';
export { isDeltaEvent } from './events/events.ts';
// Extensions.
export type { AgentView } from './extensions/agent-view.ts';
export { Configurator } from './extensions/configurator.ts';
export type {
  Extension,
  ExtensionContext,
  ExtensionToolCall,
  TrifectaContribution,
} from './extensions/extension.ts';
export { defineExtensionKey, type ExtensionKey, findExtension } from './extensions/extension-key.ts';
export { wrapExtensionTools } from './extensions/wrap-extension-tools.ts';
// History: the stored conversation.
export { HistoryError } from './history/errors.ts';
export { History, type HistorySaveOptions } from './history/history.ts';
export { type HistoryMessage, type HistoryMessageKind, mintMessageId } from './history/history-message.ts';
export { INTERRUPTED_RESULT } from './history/repair.ts';
export type { HistoryDocument, ImageAttachmentRef } from './history/serialize.ts';
// Ids and time.
export { type Clock, SYSTEM_CLOCK } from './ids/clock.ts';
export { type IdKind, type IdSource, RANDOM_IDS, sequentialIds } from './ids/id-source.ts';
export type { CloseHandler } from './lifecycle/close-handler.ts';
// Listeners.
export { InMemoryEventList } from './listeners/in-memory-event-list.ts';
export type { Listener, SubAgentParams } from './listeners/listener.ts';
export type { ListenerList } from './listeners/listener-list.ts';
export { type RateClock, RateLimited } from './listeners/rate-limited.ts';
export { ControlSequenceStripper, stripControlSequences } from './listeners/strip-control-sequences.ts';
export { Terminal } from './listeners/terminal.ts';
export { formatTokens, type TextSink } from './listeners/text-sink.ts';
export { TokenLog } from './listeners/token-log.ts';
// The door of a local server: Host, Origin and the bearer token, before anything runs.
export {
  isLoopback,
  type LocalDoor,
  type Refusal,
  refusalOf,
  sameSecret,
  urlHost,
} from './local-door/local-door.ts';
// The loop's seams and the errors it ends a turn with.
export type { AnswerFormat } from './loop/answer-format.ts';
export { EmptyTurnError } from './loop/empty-turn-error.ts';
export { DuplicateToolCallIdError, OutputTruncatedError } from './loop/model-errors.ts';
export type {
  InputStep,
  InputStepResult,
  ModelStep,
  ModelStepResult,
  ParsedToolInput,
  StepRunner,
  ToolStep,
  ToolStepResult,
} from './loop/step-runner.ts';
export { DIRECT_STEP_RUNNER } from './loop/step-runner.ts';
// Messages and the model port.
export {
  type Content,
  type ContentPart,
  contentText,
  type ImageContent,
  type TextContent,
} from './messages/content.ts';
export type {
  AssistantMessage,
  ModelMessage,
  ToolCall,
  ToolResultMessage,
  UserMessage,
} from './messages/message.ts';
// Prices (a model declares its own in capabilities), for a Run's cost.
export { costOf } from './model/cost-of.ts';
export { type Embedder, EmbeddingDimensionError, type EmbedOptions } from './model/embedder.ts';
export type { Model, RetryInfo, StreamOptions } from './model/model.ts';
export { type ModelCapabilities, modelCapabilities } from './model/model-capabilities.ts';
export type { LongPromptPrice, ModelPrice, PriceTable } from './model/model-price.ts';
export type { ModelRequest } from './model/model-request.ts';
export type {
  FinishPart,
  ModelStreamPart,
  ReasoningDeltaPart,
  TextDeltaPart,
  ToolCallDeltaPart,
  ToolCallEndPart,
  ToolCallStartPart,
  UsagePart,
} from './model/model-stream-part.ts';
export type { ResponseFormat } from './model/response-format.ts';
export type { StopReason } from './model/stop-reason.ts';
export type { JsonSchema, ToolSpec } from './model/tool-spec.ts';
export { EMPTY_USAGE, type Usage } from './model/usage.ts';
export type { RunnableAgent } from './run/agent-body.ts';
export type {
  AssemblyEvent,
  AssemblyHandoffLoopEvent,
  AssemblyKind,
  AssemblyStepEndEvent,
  AssemblyStepRetryEvent,
  AssemblyStepStartEvent,
  AssemblyTransitionEvent,
} from './run/assembly-events.ts';
export { createRunOf, type RunOfSettings } from './run/create-run-of.ts';
export type { RunOutcome } from './run/execute-run.ts';
// Runs: one call, one result (outcome, response, usage, error).
export type { InterjectionResponse, Interjections } from './run/interjections.ts';
// Timers of any length (setTimeout's range ends at 2^31-1 ms).
export { MAX_TIMER_MS, startLongTimer } from './run/long-timer.ts';
export { Run, type RunInit, type RunStream } from './run/run.ts';
export type {
  RunBody,
  RunBodyContext,
  RunBodyResult,
  RunConversation,
  RunUsageSink,
} from './run/run-body.ts';
// Nesting
export {
  CHILD_RUN_END,
  CHILD_RUN_START,
  type ChildRunContext,
  type ChildRunnable,
  childAnswer,
  type RunChildOptions,
  runChild,
} from './run/run-child.ts';
export { DeadlineExceededError, InterjectionNotAnsweredError, RunStateError } from './run/run-errors.ts';
export {
  type AgentStreamEvent,
  type AgentStreamSource,
  type InterjectionDeliveredEvent,
  isTerminalEvent,
  type RunCancelledEnd,
  type RunCompletedEnd,
  type RunEndEvent,
  type RunEvent,
  type RunFailedEnd,
  type RunPartialEnd,
  type RunStartEvent,
  type RunTerminalEvent,
} from './run/run-events.ts';
export { type AskOptions, type RunObserver, validateAskOptions } from './run/run-options.ts';
export type { RunResource } from './run/run-resources.ts';
export type { RunUsage } from './run/run-usage.ts';
export { isRunnable, type Runnable, type RunnableToolOptions } from './run/runnable.ts';
export { type RunnableAsToolOptions, runnableAsTool } from './run/runnable-as-tool.ts';
// Sessions.
export { byActivity } from './session/by-activity.ts';
export {
  SessionExistsError,
  SessionNotFoundError,
  SessionStoreError,
  type SessionStoreErrorOptions,
} from './session/errors.ts';
export { InMemorySessionStore, type InMemorySessionStoreOptions } from './session/in-memory-session-store.ts';
export { defaultSessionDir, type SessionDirEnv } from './session/jsonl/default-session-dir.ts';
export { JsonlSessionStore, type JsonlSessionStoreOptions } from './session/jsonl/jsonl-session-store.ts';
export { KeyedLock } from './session/keyed-lock.ts';
export { type RunRecordFailure, readRunRecord, runRecordJson } from './session/run-record.ts';
export { SessionCheckpoint } from './session/session-checkpoint.ts';
export { checkSessionId, SESSION_ID_PATTERN } from './session/session-id.ts';
export { checkSessionMeta } from './session/session-meta.ts';
export type {
  RunRecord,
  SessionInfo,
  SessionMeta,
  SessionStore,
  StoredSession,
} from './session/session-store.ts';
export { sessionTitle, TITLE_MAX_LENGTH } from './session/session-title.ts';
export { encodeStoredMessages, parseStoredJson, readStoredMessages } from './session/stored-messages.ts';
// Structured output: a Run's answer checked against a schema.
export { FINAL_ANSWER_TOOL } from './structured/answer-wording.ts';
export {
  type OutputOf,
  type OutputSchema,
  type OutputSchemaInput,
  outputSchema,
} from './structured/output-schema.ts';
export { OutputValidationError } from './structured/output-validation-error.ts';
// Runtime taint: the gate on egress once untrusted content is in the conversation.
export { describeToolCall, escapeHidden } from './taint/describe-tool-call.ts';
export type { TaintAnswer, TaintedCall, TaintGate } from './taint/taint-gate.ts';
export { taintSources } from './taint/taint-sources.ts';
// Tools, and tool-loop detection.
export { type AnyTool, defineTool, TOOL_NAME_PATTERN, type ToolDefinition } from './tool/define-tool.ts';
export { declaredEffects, effectOfKind, effectsOf, mayHaveEffect } from './tool/effects-of.ts';
export {
  type ExecutableToolCall,
  type ExecuteToolCallOptions,
  executeToolCall,
  type ToolOutcome,
} from './tool/execute-tool-call.ts';
export { normalizeParametersSchema } from './tool/parameters/json-schema-normalize.ts';
export { jsonSchemaParameters } from './tool/parameters/json-schema-parameters.ts';
export { validateJsonSchema } from './tool/parameters/json-schema-validate.ts';
export { ParamsBuilder, params, type Simplify } from './tool/parameters/params-builder.ts';
export { type ArgsOf, type ParametersInput, toParameters } from './tool/parameters/to-parameters.ts';
export { type ZodParametersSchema, zodParameters } from './tool/parameters/zod-parameters.ts';
export type { Tool, ToolContext, ToolParameters, ToolResult, ValidationResult } from './tool/tool.ts';
export type {
  ReachesNetwork,
  ReadsPath,
  RunsCommand,
  ToolEffect,
  ToolEffectKind,
  ToolEffects,
  WritesFile,
} from './tool/tool-effects.ts';
export { ToolError } from './tool/tool-error.ts';
export { isToolFailure, type ToolFailure, toolFailure } from './tool/tool-failure.ts';
export { toolSpec } from './tool/tool-spec.ts';
export type { ExecutedToolStatus, ToolStatus } from './tool/tool-status.ts';
export { DEFAULT_MAX_RESULT_TOKENS, truncateResult, truncationMarker } from './tool/truncate-result.ts';
export { UnknownToolError } from './tool/unknown-tool-error.ts';
export { type ToolExecute, wrapTool } from './tool/wrap-tool.ts';
export { repeatWarning } from './tool-loop/repeat-warning.ts';
export { ToolLoopError } from './tool-loop/tool-loop-error.ts';
export {
  type ObservedToolCall,
  ToolLoopGuard,
  type ToolLoopGuardOptions,
  type ToolLoopVerdict,
} from './tool-loop/tool-loop-guard.ts';
// The lethal-trifecta map.
export { type ChannelEgress, capEgress, combineLegs, relabelInbound } from './trifecta/lattice.ts';
export { ASSUMED, type EgressLevel, NONE, type TrifectaLegs, type UntrustedLevel } from './trifecta/legs.ts';
export { type TrifectaNode, type TrifectaNodeOptions, trifectaNode } from './trifecta/node.ts';
export { renderTrifecta } from './trifecta/render.ts';
export type { TrifectaNodeReport, TrifectaReport } from './trifecta/report.ts';
export { trifectaReport } from './trifecta/report.ts';
export { legsVerdict, type TrifectaVerdict, VERDICT_SEVERITY, verdictRank } from './trifecta/verdict.ts';
