import type { TurnArtifacts } from '../artifacts/turn-artifacts.ts';
import type { Interloper } from '../controls/interloper.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { Emit } from '../events/events.ts';
import type { Extension, ExtensionContext } from '../extensions/extension.ts';
import type { Clock } from '../ids/clock.ts';
import type { IdSource } from '../ids/id-source.ts';
import type { SubAgentParams } from '../listeners/listener.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { Content } from '../messages/content.ts';
import type { Model } from '../model/model.ts';
import type { TaintGate } from '../taint/taint-gate.ts';
import type { ToolLoopGuard } from '../tool-loop/tool-loop-guard.ts';
import type { AnswerFormat } from './answer-format.ts';
import type { CompactionSettings } from './compact.ts';
import type { Conversation } from './conversation.ts';
import type { StepRunner } from './step-runner.ts';
import type { ToolSource } from './tool-table.ts';
import type { TurnTally } from './turn-tally.ts';

/** What a tool failure (an exception other than `ToolError`) does to the turn. */
export type ToolFailurePolicy = 'raise' | 'observe';

/**
 * Everything one turn works with, built once by the agent at turn start:
 * every function of the loop takes this one object. Its fields are grouped
 * by concern, and the rule decides where a new one goes:
 *
 * - {@link TurnSettings} — fixed for the turn and configuring it (what is
 *   asked, of whom, under which policies). Read, never changed.
 * - {@link TurnIo} — the doors to the outside: where events go, where steps
 *   cross (and are recorded), where a cancel or a mid-turn message comes in,
 *   where time and ids are read. Side effects happen only through these.
 * - {@link TurnState} — what the turn changes, each behind methods that keep
 *   its invariants.
 */
export interface TurnContext {
  readonly settings: TurnSettings;
  readonly io: TurnIo;
  readonly state: TurnState;
}

/** What is fixed for the turn and configures it. */
export interface TurnSettings {
  /** The agent's id ('' for a main agent). */
  readonly agentId: string;
  /** Unique per turn (from `ids`); prefixes every tool call's idempotency key. */
  readonly turnId: string;
  /** The model every request of the turn goes to. */
  readonly model: Model;
  /** The assembled system prompt. */
  readonly system: string;
  /** The agent's tools, read once per model request. */
  readonly tools: ToolSource;
  /** The turn's user message; `undefined` or blank runs a bare turn. */
  readonly userMessage: Content | undefined;
  /** The untrusted sources the user message carries (`TurnOptions.untrusted`), recorded as its taint. */
  readonly userTaint?: readonly string[];
  /** Sent as every request's `maxOutputTokens` (the turn's, else the agent's); absent: the model's own. */
  readonly maxOutputTokens?: number;
  /** Emit `reasoning-delta` / `assistant-delta` while the model streams. */
  readonly streaming: boolean;
  /** What a tool that throws does to the turn. */
  readonly toolFailures: ToolFailurePolicy;
  /** Observation budget per tool call, in estimated tokens; the tool layer's default when absent. */
  readonly maxResultTokens: number | undefined;
  /** Accept an answer cut by the output limit as the turn's answer instead of failing. */
  readonly acceptTruncated: boolean;
  /** How to compact a long conversation; `undefined`: never. */
  readonly compaction: CompactionSettings | undefined;
  /** The model's context window when known (read when needed: it is probed after the turn begins). */
  readonly contextWindow: () => number | undefined;
  /** How the final answer is asked for (structured output); `undefined`: free text. */
  readonly answerFormat: AnswerFormat | undefined;
  /** What tools see as `ToolContext.appContext`. */
  readonly appContext: unknown;
  /** The agent's extensions, for their per-turn hooks. */
  readonly extensions: readonly Extension[];
  /** Confirms egress calls once untrusted content is in the conversation; none refuses them. */
  readonly taintGate: TaintGate | undefined;
}

/** The doors to the outside: every effect of the turn goes through one of these. */
export interface TurnIo {
  /** Hands an event to the agent's listeners. */
  readonly emit: Emit;
  /** The seam every model call, tool execution and recorded input crosses. */
  readonly stepRunner: StepRunner;
  /** Aborted when the turn is cancelled. */
  readonly signal: AbortSignal;
  /** Where turn, message and fallback tool-call ids come from. */
  readonly ids: IdSource;
  /** Where time is read. */
  readonly clock: Clock;
  /** Awaited when the conversation is consistent (after the user message, after each answered batch). */
  readonly checkpoint: (() => Promise<void>) | undefined;
  /** The queue of mid-turn user messages, if any. */
  readonly interloper: Interloper | undefined;
  /** What extensions queued with `interject` (absent when the agent has no extensions). */
  readonly extensionInbox: Interloper | undefined;
  /** The capabilities handed to extension hooks (absent when the agent has no extensions). */
  readonly extensionContext: ExtensionContext | undefined;
  /** The listener list a nested agent started by a tool (a sub-agent, an agent used as a tool) uses. */
  readonly subAgentListeners: (params: SubAgentParams) => ListenerList;
  /** The id and emitter the synthesizer uses (a sub-agent view of the listeners). */
  readonly synthesizer: () => { readonly agentId: string; readonly emit: Emit };
}

/** What the turn changes. */
export interface TurnState {
  /** The conversation the turn appends to. */
  readonly conversation: Conversation;
  /** What the turn has spent so far (summed usage, last stop reason). */
  readonly tally: TurnTally;
  /**
   * The step budget, if any: the turn spends it (`tick`). Its policy
   * (`onExhausted`) is fixed, but the count is what the turn changes.
   */
  readonly stepLimit: StepLimit | undefined;
  /** Stops a model repeating the same tool call; fresh per turn; `undefined`: off. */
  readonly toolLoop: ToolLoopGuard | undefined;
  /** Where large results and images are stored, and the images for the next request; `undefined`: artifacts off. */
  readonly artifacts: TurnArtifacts | undefined;
}
