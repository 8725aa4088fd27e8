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
export { AgentClosedError, TurnInProgressError } from './agent/errors.ts';
// Long conversations: compaction and tool-loop detection.
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
export { ModelError, type ModelErrorOptions } from './errors/model-error.ts';
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
export type { Extension, ExtensionContext, TrifectaContribution } from './extensions/extension.ts';
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
export { Terminal } from './listeners/terminal.ts';
export { formatTokens, type TextSink } from './listeners/text-sink.ts';
export { TokenLog } from './listeners/token-log.ts';
// The loop's seams and the errors it ends a turn with.
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
export type { Content, ContentPart, ImageContent, TextContent } from './messages/content.ts';
export type {
  AssistantMessage,
  ModelMessage,
  ToolCall,
  ToolResultMessage,
  UserMessage,
} from './messages/message.ts';
export type { Model, RetryInfo, StreamOptions } from './model/model.ts';
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
export type { StopReason } from './model/stop-reason.ts';
export type { JsonSchema, ToolSpec } from './model/tool-spec.ts';
export { EMPTY_USAGE, type Usage } from './model/usage.ts';
// Prices, for a Run's cost.
export { costOf } from './pricing/cost-of.ts';
export { DEFAULT_PRICES } from './pricing/default-prices.ts';
export { findModelPrice } from './pricing/find-model-price.ts';
export type { LongPromptPrice, ModelPrice, PriceTable } from './pricing/model-price.ts';
export type { RunnableAgent, RunOutcome } from './run/execute-run.ts';
// Runs: one call, one result (outcome, response, usage, error).
export type { InterjectionResponse } from './run/interjections.ts';
export { Run, type RunStream } from './run/run.ts';
export { DeadlineExceededError, InterjectionNotAnsweredError, RunStateError } from './run/run-errors.ts';
export {
  type AgentStreamEvent,
  type AgentStreamSource,
  type InterjectionDeliveredEvent,
  isTerminalEvent,
  type RunCancelEvent,
  type RunErrorEvent,
  type RunEvent,
  type RunPartialEvent,
  type RunStartEvent,
  type RunStopEvent,
  type RunTerminalEvent,
} from './run/run-events.ts';
export type { AskOptions } from './run/run-options.ts';
export type { RunResource } from './run/run-resources.ts';
export type { RunUsage } from './run/run-usage.ts';
