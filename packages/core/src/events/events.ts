/**
 * The one event vocabulary of an agent: everything its loop does, narrated as
 * plain objects tagged by `type`. "What fires when" is one grep for `emit(`.
 *
 * Naming rule: a kebab-case noun (`tool-call`), with `-delta` for a streamed
 * fragment of the noun that follows it and `-start` / `-end` for things with a
 * lifetime. Every event carries `agentId` ('' for a main agent, e.g.
 * `researcher 0` for a sub-agent) so one listener can serve a whole agent
 * tree, and `turnId` (the turn it belongs to; '' for events between turns:
 * `reset`, `history-loaded`, an extension's domain event).
 *
 * Order of one turn: `turn-start`; `model-switched` and `context-cap` when
 * due; the user's `user-turn`; then per model round: `model-start`, deltas
 * (streaming only), `reasoning`, `assistant`, `tokens`; when the model asked for tools, one
 * `tool-call` per call in model order, then `tool-start` / `tool-result` as
 * calls begin and finish; finally `turn-end`, always last.
 */
import type { CompactionInfo } from '../compaction/compaction-info.ts';
import type { ErrorInfo } from '../errors/error-info.ts';
import type { Content } from '../messages/content.ts';
import type { ModelPrice } from '../model/model-price.ts';
import type { StopReason } from '../model/stop-reason.ts';
import type { Usage } from '../model/usage.ts';
import type { ToolStatus } from '../tool/tool-status.ts';

/** The fields every event carries. */
interface EventBase {
  readonly agentId: string;
  readonly turnId: string;
}

/**
 * A turn began.
 *
 * Contract: the first event of every turn (before `model-switched`,
 * `context-cap` and the user message); `provider`/`modelId` name the model
 * the turn uses, after any switch; `at` is the agent clock's time in ms.
 */
export interface TurnStartEvent extends EventBase {
  readonly type: 'turn-start';
  readonly provider: string;
  readonly modelId: string;
  readonly at: number;
}

/**
 * How a turn ended:
 * - `completed`: the model answered (the answer may be cut by the output
 *   limit when the agent accepts truncated answers; see `stopReason`);
 * - `failed`: an error ended it (`error` says which);
 * - `cancelled`: the host cancelled it;
 * - `budget-exhausted`: the step budget ran out, and either the turn failed
 *   with `StepLimitExceeded` (policy `raise`) or the synthesizer answered
 *   (policy `synthesize`).
 */
export type TurnOutcome = 'completed' | 'failed' | 'cancelled' | 'budget-exhausted';

/** The error that ended a turn, as data: its class name, stable code and message. */
export type TurnErrorInfo = ErrorInfo;

/**
 * A turn ended, however it ended.
 *
 * Contract: the last event of every turn that emitted `turn-start`, emitted
 * after the conversation was repaired and before `turn` settles. `stopReason`
 * is the last model response's (`undefined` when no response arrived);
 * `usage` sums every response of the turn, synthesizer included (a field is
 * `undefined` when no response reported it). `error` is present exactly when
 * the turn rejects (`failed`, `cancelled`, and `budget-exhausted` under policy
 * `raise`). `partialText` holds an answer cut by the output limit that was not
 * accepted (it is not in the conversation).
 */
export interface TurnEndEvent extends EventBase {
  readonly type: 'turn-end';
  readonly outcome: TurnOutcome;
  readonly stopReason: StopReason | undefined;
  readonly usage: Usage;
  readonly error?: TurnErrorInfo;
  readonly partialText?: string;
  readonly at: number;
  readonly durationMs: number;
}

/**
 * A model request is about to be sent.
 *
 * Contract: one per request, before its deltas; `index` counts the turn's
 * model calls from 0 (a re-request of a malformed response counts). Each is
 * followed by the response's `tokens`, or by the error that ends the turn.
 * The synthesizer's request (under its own agent id) has index -1.
 */
export interface ModelStartEvent extends EventBase {
  readonly type: 'model-start';
  readonly index: number;
  readonly provider: string;
  readonly modelId: string;
}

/**
 * A user message entered the conversation.
 *
 * Contract: `midLoop` is false for the message passed to `turn`, true for one
 * delivered by the Interloper (at turn start or after a tool batch). Emitted
 * after the message is appended, so a listener reading history sees it.
 */
export interface UserTurnEvent extends EventBase {
  readonly type: 'user-turn';
  readonly content: Content;
  readonly midLoop: boolean;
}

/**
 * A fragment of reasoning text (streaming agents only).
 *
 * Contract: never empty; preview only, the following `reasoning` event is
 * authoritative (concatenated deltas need not equal it). Must not be stored as
 * history. After a `retry` event, the previews of the abandoned response are void.
 */
export interface ReasoningDeltaEvent extends EventBase {
  readonly type: 'reasoning-delta';
  readonly text: string;
}

/**
 * A fragment of answer text (streaming agents only).
 *
 * Contract: never empty; preview only, the following `assistant` event is
 * authoritative. All deltas of a round arrive before its `assistant`/`tokens`.
 * After a `retry` event, the previews of the abandoned response are void.
 */
export interface AssistantDeltaEvent extends EventBase {
  readonly type: 'assistant-delta';
  readonly text: string;
}

/** The complete reasoning of one model response. Contract: never empty (absent reasoning emits nothing). */
export interface ReasoningEvent extends EventBase {
  readonly type: 'reasoning';
  readonly text: string;
}

/**
 * The complete visible text of one model response.
 *
 * Contract: never empty; a pure tool-call response emits no `assistant` event
 * (its `tokens` event still fires), nor does an answer cut by the output
 * limit that the agent does not accept (see `turn-end`'s `partialText`).
 */
export interface AssistantEvent extends EventBase {
  readonly type: 'assistant';
  readonly text: string;
}

/**
 * The model asked for a tool call.
 *
 * Contract: one per call of the response, in model order, right after the
 * response's `tokens`; `index` is the call's position in the response.
 * `arguments` is the raw text the model produced, before any validation (it
 * may be malformed JSON). Every `tool-call` gets exactly one `tool-result`.
 */
export interface ToolCallEvent extends EventBase {
  readonly type: 'tool-call';
  readonly index: number;
  readonly toolCallId: string;
  readonly name: string;
  readonly arguments: string;
}

/**
 * A tool call began executing (after the cancel check and the budget tick).
 *
 * Contract: at most one per `tool-call`; a call that never starts (budget,
 * cancel, an earlier failure in a sequential batch) has none.
 */
export interface ToolStartEvent extends EventBase {
  readonly type: 'tool-start';
  readonly index: number;
  readonly toolCallId: string;
  readonly name: string;
}

/**
 * A tool call was answered; `content` is exactly what the model reads.
 *
 * Contract: one per `tool-call`. Started calls report as they finish
 * (completion order: a fast `read` before a slow `bash`); `index` gives the
 * call's model order, which is the order the conversation records results in.
 * Calls that never started report `skipped` after the started ones; a call
 * interrupted by a cancel reports `cancelled`.
 */
export interface ToolResultEvent extends EventBase {
  readonly type: 'tool-result';
  readonly index: number;
  readonly toolCallId: string;
  readonly name: string;
  readonly content: Content;
  readonly status: ToolStatus;
}

/**
 * Token usage of one model response: the end of the request its
 * `model-start` began.
 *
 * Contract: fires for every response that arrived complete, pure tool-call
 * responses and responses discarded as malformed (then followed by `retry`)
 * included, so summing these events gives what was billed. A field is
 * `undefined` when the provider did not report it; treat it as 0. The prompt
 * size of the round is `usage.inputTokens`. `stopReason` is why the response
 * ended (`length`: cut by the output limit).
 */
export interface TokensEvent extends EventBase {
  readonly type: 'tokens';
  readonly usage: Usage;
  readonly provider: string;
  readonly modelId: string;
  readonly stopReason: StopReason;
  /** The prices the response's model declares (`Model.capabilities.prices`); absent: unknown. */
  readonly prices?: ModelPrice;
  /** The provider's id of the response, when it sent one (for tracing: `gen_ai.response.id`). */
  readonly responseId?: string;
  /** The model that answered as the provider names it, when it said (`gen_ai.response.model`). */
  readonly responseModelId?: string;
}

/**
 * The context window of the current model, in tokens (`undefined`: unknown).
 *
 * Contract: once at the agent's first turn and after every model switch; a
 * later one replaces the earlier, without re-baselining the running context size.
 */
export interface ContextCapEvent extends EventBase {
  readonly type: 'context-cap';
  readonly cap: number | undefined;
}

/** Names a model in events: its provider and id. */
export interface ModelRef {
  readonly provider: string;
  readonly modelId: string;
}

/** The agent switched models before a turn. Contract: immediately followed by a fresh `context-cap`. */
export interface ModelSwitchedEvent extends EventBase {
  readonly type: 'model-switched';
  readonly from: ModelRef;
  readonly to: ModelRef;
}

/**
 * The step budget ran out and the synthesizer will answer from the evidence
 * gathered so far. Contract: precedes the synthesizer's own events.
 */
export interface FallbackNoticeEvent extends EventBase {
  readonly type: 'fallback-notice';
  readonly reason: 'step-limit';
  /** The budget that was exhausted. */
  readonly maxSteps: number;
}

/**
 * The turn was cancelled. Contract: emitted after the conversation was
 * repaired, before `turn-end` (outcome `cancelled`).
 */
export interface CancelledEvent extends EventBase {
  readonly type: 'cancelled';
}

/** The conversation was cleared (also the first half of a history load). Contract: reset display state. */
export interface ResetEvent extends EventBase {
  readonly type: 'reset';
}

/**
 * A saved conversation was loaded. Contract: follows a `reset`; `tokens` is
 * the usage of the last restored assistant message that had one, so a
 * context readout can resume.
 */
export interface HistoryLoadedEvent extends EventBase {
  readonly type: 'history-loaded';
  readonly messages: number;
  readonly tokens: TokensEvent | undefined;
}

/**
 * A model request is about to be retried: by the model layer after a provider
 * fault (from `Model.stream`'s `onRetry`), or by the loop after a malformed
 * response (two tool calls sharing an id). Contract: the previews
 * (`*-delta`) of the abandoned response are void.
 */
export interface RetryEvent extends EventBase {
  readonly type: 'retry';
  readonly attempt: number;
  readonly delayMs: number;
  readonly cause: string;
  readonly status?: number;
}

/**
 * The conversation was compacted: its middle folded into one summary
 * message written by the model, because a request was refused as too long
 * (`overflow`, then retried once) or the conversation neared the model's
 * window (`threshold`). Contract: follows the summarising request's
 * `model-start` and `tokens`; the conversation already holds the summary.
 */
export interface CompactionEvent extends EventBase, CompactionInfo {
  readonly type: 'compaction';
}

/**
 * A domain event from a tool (`ToolContext.emit`) or an extension
 * (`ExtensionContext.emit`), e.g. a task list change. Its producer declares
 * the name with the data's type (`defineEvent<T>('tasks.changed')`);
 * consumers match it with `isEvent(event, key)`, which types `data`.
 *
 * Contract: a tool's domain events land between its `tool-start` and
 * `tool-result`; consumers treat the latest one of a name as authoritative.
 */
export interface DomainEvent extends EventBase {
  readonly type: 'domain';
  readonly name: string;
  readonly data: unknown;
}

/** Every event an agent emits. */
export type AgentEvent =
  | TurnStartEvent
  | TurnEndEvent
  | ModelStartEvent
  | UserTurnEvent
  | ReasoningDeltaEvent
  | AssistantDeltaEvent
  | ReasoningEvent
  | AssistantEvent
  | ToolCallEvent
  | ToolStartEvent
  | ToolResultEvent
  | TokensEvent
  | ContextCapEvent
  | ModelSwitchedEvent
  | FallbackNoticeEvent
  | CancelledEvent
  | ResetEvent
  | HistoryLoadedEvent
  | RetryEvent
  | CompactionEvent
  | DomainEvent;

/** The `type` tags of {@link AgentEvent}. */
export type AgentEventType = AgentEvent['type'];

/** How the loop hands an event to the listeners. */
export type Emit = (event: AgentEvent) => void;

/** True for the streamed-fragment events (`reasoning-delta`, `assistant-delta`). */
export function isDeltaEvent(event: AgentEvent): event is ReasoningDeltaEvent | AssistantDeltaEvent {
  return event.type === 'reasoning-delta' || event.type === 'assistant-delta';
}
