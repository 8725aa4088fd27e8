/**
 * @kodama/core: what building and running an agent needs — the Agent and its
 * controls, messages, the Model port, tools and their effects, the Run and its
 * events, errors. Imports nothing else of kodama's. The rest of the kernel is
 * on subpaths, one concept each: `@kodama/core/model` (adapter authors),
 * `/tool` (tool plumbing), `/run` (Run bodies and assemblies), `/events`,
 * `/listeners`, `/extensions`, `/history`, `/session`, `/compaction`, `/loop`,
 * `/taint`, `/trifecta`, `/ids`, `/local-door`. Every public name is listed in
 * exactly one entry; anything not listed is internal and may change.
 */

export { Agent } from './agent/agent.ts';
export type { AgentOptions, ToolFailurePolicy, TurnOptions } from './agent/agent-options.ts';
export { type AsToolOptions, agentAsTool, type ToolableAgent } from './agent/as-tool.ts';
export { AgentClosedError, TurnInProgressError } from './agent/errors.ts';
export type { ArtifactOptions } from './artifacts/artifact-options.ts';
export { ARTIFACT_READ_TOOL } from './artifacts/artifact-read-tool.ts';
export { type Artifact, ArtifactScope } from './artifacts/artifact-scope.ts';
export { Cancellable, CancelledError } from './controls/cancellable.ts';
export { Interloper } from './controls/interloper.ts';
export { type OnExhausted, StepLimit, StepLimitExceeded } from './controls/step-limit.ts';
export type { ErrorInfo } from './errors/error-info.ts';
export { InvalidOptionError } from './errors/invalid-option-error.ts';
export { KodamaError, type KodamaErrorOptions } from './errors/kodama-error.ts';
export { ModelError, type ModelErrorKind, type ModelErrorOptions } from './errors/model-error.ts';
export { type DomainEventOf, defineEvent, type EventKey, isEvent } from './events/define-event.ts';
export type { AgentEvent, AgentEventType, DomainEvent } from './events/events.ts';
export type { Extension, ExtensionContext } from './extensions/extension.ts';
export { HistoryError } from './history/errors.ts';
export { History, type HistorySaveOptions } from './history/history.ts';
export type { Listener } from './listeners/listener.ts';
export { Terminal } from './listeners/terminal.ts';
export { TokenLog } from './listeners/token-log.ts';
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
export type { Model } from './model/model.ts';
export { EMPTY_USAGE, type Usage } from './model/usage.ts';
export { Run, type RunStream } from './run/run.ts';
export { type RunChildOptions, runChild } from './run/run-child.ts';
export { DeadlineExceededError } from './run/run-errors.ts';
export type { RunEndEvent, RunEvent } from './run/run-events.ts';
export type { AskOptions, RunObserver } from './run/run-options.ts';
export type { RunUsage } from './run/run-usage.ts';
export { isRunnable, type Runnable, type RunnableToolOptions } from './run/runnable.ts';
export { type RunnableAsToolOptions, runnableAsTool } from './run/runnable-as-tool.ts';
export {
  type OutputOf,
  type OutputSchema,
  type OutputSchemaInput,
  outputSchema,
} from './structured/output-schema.ts';
export { OutputValidationError } from './structured/output-validation-error.ts';
export { type AnyTool, defineTool, type ToolDefinition } from './tool/define-tool.ts';
export { declaredEffects, effectOfKind, effectsOf, mayHaveEffect } from './tool/effects-of.ts';
export { params } from './tool/parameters/params-builder.ts';
export type { Tool, ToolContext, ToolResult } from './tool/tool.ts';
export type { ToolEffect, ToolEffectKind, ToolEffects } from './tool/tool-effects.ts';
export { ToolError } from './tool/tool-error.ts';
export { isToolFailure, type ToolFailure, toolFailure } from './tool/tool-failure.ts';
export { type ToolExecute, wrapTool } from './tool/wrap-tool.ts';
export { ASSUMED, NONE, type TrifectaLegs } from './trifecta/legs.ts';
