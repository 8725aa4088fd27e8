/**
 * The one event vocabulary of an agent: everything its loop does, narrated as
 * plain objects tagged by `type`. "What fires when" is one grep for `emit(`.
 *
 * Naming rule: a kebab-case noun (`tool-call`), with `-delta` for a streamed
 * fragment of the noun that follows it. Every event carries `agentId` ('' for
 * a main agent, e.g. `researcher 0` for a sub-agent) so one listener can serve
 * a whole agent tree.
 *
 * Order within one model round: deltas (streaming only), then `thinking`,
 * `assistant`, `tokens`; then, per tool call, `tool-call` ... `tool-result`.
 */
import type { Content } from '../messages/content.ts';
import type { Usage } from '../model/usage.ts';

/**
 * A user message entered the conversation.
 *
 * Contract: `midLoop` is false for the message passed to `run`, true for one
 * delivered by the Interloper (at turn start or after a tool batch). Emitted
 * after the message is appended, so a listener reading history sees it.
 */
export interface UserTurnEvent {
  readonly type: 'user-turn';
  readonly agentId: string;
  readonly content: Content;
  readonly midLoop: boolean;
}

/**
 * A fragment of reasoning text (streaming agents only).
 *
 * Contract: never empty; preview only, the following `thinking` event is
 * authoritative (concatenated deltas need not equal it). Must not be stored as history.
 */
export interface ThinkingDeltaEvent {
  readonly type: 'thinking-delta';
  readonly agentId: string;
  readonly text: string;
}

/**
 * A fragment of answer text (streaming agents only).
 *
 * Contract: never empty; preview only, the following `assistant` event is
 * authoritative. All deltas of a round arrive before its `assistant`/`tokens`.
 */
export interface AssistantDeltaEvent {
  readonly type: 'assistant-delta';
  readonly agentId: string;
  readonly text: string;
}

/** The complete reasoning of one model response. Contract: never empty (absent reasoning emits nothing). */
export interface ThinkingEvent {
  readonly type: 'thinking';
  readonly agentId: string;
  readonly text: string;
}

/**
 * The complete visible text of one model response.
 *
 * Contract: never empty; a pure tool-call response emits no `assistant` event
 * (its `tokens` event still fires).
 */
export interface AssistantEvent {
  readonly type: 'assistant';
  readonly agentId: string;
  readonly text: string;
}

/**
 * A tool call is about to run.
 *
 * Contract: `arguments` is the raw text the model produced, before any
 * validation (it may be malformed JSON). Fired once per started call, in
 * model order; a call the loop never starts (budget, cancel) has no event.
 */
export interface ToolCallEvent {
  readonly type: 'tool-call';
  readonly agentId: string;
  readonly toolCallId: string;
  readonly name: string;
  readonly arguments: string;
}

/**
 * How a tool call was answered: `ok` (a result), `error` (an `Error: ...`
 * observation the model can recover from), `failure` (the tool threw),
 * `cancelled` (the user cancelled while it ran).
 */
export type ToolResultStatus = 'ok' | 'error' | 'failure' | 'cancelled';

/**
 * A started tool call was answered; `content` is exactly what the model reads.
 *
 * Contract: emitted in model order, one per `tool-call` event, even when the
 * batch unwinds (a call interrupted by a cancel reports `cancelled`).
 */
export interface ToolResultEvent {
  readonly type: 'tool-result';
  readonly agentId: string;
  readonly toolCallId: string;
  readonly name: string;
  readonly content: Content;
  readonly status: ToolResultStatus;
}

/**
 * Token usage of one model response (pure tool-call responses included).
 *
 * Contract: a field is `undefined` when the provider did not report it;
 * treat it as 0. The prompt size of the round is `usage.inputTokens`.
 */
export interface TokensEvent {
  readonly type: 'tokens';
  readonly agentId: string;
  readonly usage: Usage;
  readonly modelId: string;
}

/**
 * The context window of the current model, in tokens (`undefined`: unknown).
 *
 * Contract: once at the agent's first turn and after every model switch; a
 * later one replaces the earlier, without re-baselining the running context size.
 */
export interface ContextCapEvent {
  readonly type: 'context-cap';
  readonly agentId: string;
  readonly cap: number | undefined;
}

/** Names a model in events: its provider and id. */
export interface ModelRef {
  readonly provider: string;
  readonly modelId: string;
}

/** The agent switched models before a turn. Contract: immediately followed by a fresh `context-cap`. */
export interface ModelSwitchedEvent {
  readonly type: 'model-switched';
  readonly agentId: string;
  readonly from: ModelRef;
  readonly to: ModelRef;
}

/**
 * The step budget ran out and the synthesizer will answer from the evidence
 * gathered so far. Contract: precedes the synthesizer's own events.
 */
export interface FallbackNoticeEvent {
  readonly type: 'fallback-notice';
  readonly agentId: string;
  readonly reason: 'step-limit';
  /** The budget that was exhausted. */
  readonly maxSteps: number;
}

/**
 * The turn was cancelled. Contract: emitted after the conversation was
 * repaired and before `run` rejects with `CancelledError`.
 */
export interface CancelledEvent {
  readonly type: 'cancelled';
  readonly agentId: string;
}

/** The conversation was cleared (also the first half of a history load). Contract: reset display state. */
export interface ResetEvent {
  readonly type: 'reset';
  readonly agentId: string;
}

/**
 * A saved conversation was loaded. Contract: follows a `reset`; `tokens` is
 * the usage of the last restored assistant message that had one, so a
 * context readout can resume.
 */
export interface HistoryLoadedEvent {
  readonly type: 'history-loaded';
  readonly agentId: string;
  readonly messages: number;
  readonly tokens: TokensEvent | undefined;
}

/** The model layer is about to retry a failed request (from `Model.stream`'s `onRetry`). */
export interface RetryEvent {
  readonly type: 'retry';
  readonly agentId: string;
  readonly attempt: number;
  readonly delayMs: number;
  readonly cause: string;
  readonly status?: number;
}

/**
 * A domain event from a tool (`ToolContext.emit`) or an extension
 * (`ExtensionContext.emit`), e.g. a task list change.
 *
 * Contract: a tool's domain events land between its `tool-call` and
 * `tool-result`; consumers treat the latest one of a name as authoritative.
 */
export interface DomainEvent {
  readonly type: 'domain';
  readonly agentId: string;
  readonly name: string;
  readonly data: unknown;
}

/** Every event an agent emits. */
export type AgentEvent =
  | UserTurnEvent
  | ThinkingDeltaEvent
  | AssistantDeltaEvent
  | ThinkingEvent
  | AssistantEvent
  | ToolCallEvent
  | ToolResultEvent
  | TokensEvent
  | ContextCapEvent
  | ModelSwitchedEvent
  | FallbackNoticeEvent
  | CancelledEvent
  | ResetEvent
  | HistoryLoadedEvent
  | RetryEvent
  | DomainEvent;

/** The `type` tags of {@link AgentEvent}. */
export type AgentEventType = AgentEvent['type'];

/** How the loop hands an event to the listeners. */
export type Emit = (event: AgentEvent) => void;

/** True for the streamed-fragment events (`thinking-delta`, `assistant-delta`). */
export function isDeltaEvent(event: AgentEvent): event is ThinkingDeltaEvent | AssistantDeltaEvent {
  return event.type === 'thinking-delta' || event.type === 'assistant-delta';
}
