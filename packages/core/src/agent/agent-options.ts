import type { ArtifactOptions } from '../artifacts/artifact-options.ts';
import type { ArtifactScope } from '../artifacts/artifact-scope.ts';
import type { Cancellable } from '../controls/cancellable.ts';
import type { Interloper } from '../controls/interloper.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { Configurator } from '../extensions/configurator.ts';
import type { Clock } from '../ids/clock.ts';
import type { IdSource } from '../ids/id-source.ts';
import type { AnswerFormat } from '../loop/answer-format.ts';
import type { CompactionSettings } from '../loop/compact.ts';
import type { StepRunner } from '../loop/step-runner.ts';
import type { ToolFailurePolicy } from '../loop/turn-context.ts';
import type { Model } from '../model/model.ts';
import type { TaintGate } from '../taint/taint-gate.ts';

export type { ToolFailurePolicy } from '../loop/turn-context.ts';

/** Construction options of an {@link Agent}. Every one is checked in the constructor (`InvalidOptionError`). */
export interface AgentOptions {
  /** The model every turn uses until `turn(..., { model })` switches it. */
  readonly model: Model;
  /** Base system prompt; extension snippets are appended to it. */
  readonly systemPrompt: string;
  /** Tool-call budget per turn; none means unbounded. */
  readonly stepLimit?: StepLimit;
  /** Lets the host stop a running turn; none means a turn cannot be stopped. */
  readonly cancellable?: Cancellable;
  /** Queue of mid-turn user messages; none means no interjection. */
  readonly interloper?: Interloper;
  /** '' for a main agent; persona-rooted for sub-agents (`researcher 0`). Carried by every event. */
  readonly id?: string;
  /** Emit `reasoning-delta` / `assistant-delta` events while the model streams. Default false. */
  readonly streaming?: boolean;
  /**
   * `raise` (default): a tool that throws (other than `ToolError`) ends the
   * turn, after the batch is answered. `observe`: the failure becomes an
   * `Error: ...` observation and the model carries on.
   */
  readonly toolFailures?: ToolFailurePolicy;
  /** Observation budget per tool call, in estimated tokens (a positive integer); the tool layer's default (10,000) when absent. */
  readonly maxResultTokens?: number;
  /**
   * The most tokens one model response may hold (a positive integer), sent as
   * every request's `maxOutputTokens`; a turn's or Run's own wins. Absent: the
   * model's own limit (`resolveModel`'s `maxOutputTokens`, else the provider's).
   */
  readonly maxOutputTokens?: number;
  /**
   * Keep large tool results and images as artifacts (`true`: the defaults):
   * a successful result over `thresholdTokens` (10,000) is stored whole and
   * the model reads a preview (2,000 tokens) and a reference it reads in
   * ranges with the `artifact_read` tool this adds; images a tool returns are
   * stored and attached to the next request for a model that reads images.
   * The Run keeps the whole values (`run.artifacts`); with a session store
   * they live in the session's folder, removed with the session. Absent or
   * `false`: large results are cut in the middle to `maxResultTokens`.
   */
  readonly artifacts?: ArtifactOptions | boolean;
  /**
   * What to do with a final answer cut by the output-token limit (stop
   * reason `length`). `false` (default): the turn fails with
   * `OutputTruncatedError` and the cut text is not recorded as an answer.
   * `true`: it is the turn's answer; `turn-end` still says `stopReason: 'length'`.
   */
  readonly acceptTruncated?: boolean;
  /**
   * Compaction of long conversations: when a request is refused as too long
   * for the model's window, the middle of the conversation is folded into a
   * summary the model writes and the request is sent again, once; and before
   * a request, once the conversation passed `threshold` of a known window.
   * Default on (threshold 0.8); `false` turns it off.
   */
  readonly compaction?: CompactionSettings | false;
  /**
   * Tool-loop detection: the `maxRepeats`-th identical call in a row (same
   * tool, same arguments; default 3) is answered with a warning instead of
   * running, and a further repeat ends the turn with `ToolLoopError`.
   * `false` turns it off.
   */
  readonly toolLoop?: { readonly maxRepeats?: number } | false;
  /**
   * The runtime taint gate: once a tool with untrusted legs has answered in
   * this conversation, a call of an egress-capable tool (while the agent can
   * reach private data) runs only if the gate consents. Absent: such calls are
   * refused with an `Error:` observation. Sub-agents inherit it.
   */
  readonly taintGate?: TaintGate;
  /** The seam every model call, tool execution and outside input crosses; default: straight through. */
  readonly stepRunner?: StepRunner;
  /** Where turn ids, message ids and fallback tool-call ids come from; default: random UUIDs. */
  readonly ids?: IdSource;
  /** Where time is read (event timestamps, turn durations); default: `Date.now`. */
  readonly clock?: Clock;
  /**
   * The place to add tools, sub-agent-only tools, listeners, extensions,
   * system-prompt snippets and close handlers. Runs once, synchronously,
   * inside the constructor; if it throws, the close handlers armed so far run
   * and the error is rethrown. (Listeners and tools can also be added later:
   * `subscribe`, `addTool`.)
   */
  readonly configure?: (c: Configurator) => void;
}

/** Options of one `turn`. */
export interface TurnOptions {
  /** Switch to this model before the turn (emits `model-switched` and a fresh `context-cap`). */
  readonly model?: Model;
  /** Aborting it cancels the turn, like the agent's Cancellable (the abort reason becomes the `CancelledError`'s cause). */
  readonly signal?: AbortSignal;
  /** Emit `reasoning-delta` / `assistant-delta` events this turn; default: the agent's `streaming`. */
  readonly streaming?: boolean;
  /** The queue of mid-turn messages for this turn, instead of the agent's own Interloper. */
  readonly interloper?: Interloper;
  /** The step budget of this turn (reset at its start), instead of the agent's own `stepLimit`. */
  readonly stepLimit?: StepLimit;
  /**
   * Awaited after the user message is appended and after every answered tool
   * batch (and its interjections), when the conversation is consistent: the
   * place to persist it. An exception from it ends the turn.
   */
  readonly checkpoint?: () => Promise<void>;
  /** Application context for the tools (`ToolContext.appContext`); never sent to the model. */
  readonly appContext?: unknown;
  /** The most tokens one model response of this turn may hold; instead of the agent's `maxOutputTokens`. */
  readonly maxOutputTokens?: number;
  /**
   * Names of untrusted sources the user message carries (`['stdin']` for text
   * piped from another program): recorded as the message's taint, so the
   * taint gate holds egress calls after it as it does after an untrusted tool
   * result. Default: the message is the person's own, trusted.
   */
  readonly untrusted?: readonly string[];
  /**
   * Ask for a structured final answer: a provider-native response format, or
   * an answer tool whose call ends the turn with its arguments (a Run with an
   * output schema builds it). The turn does not check the answer.
   */
  readonly answerFormat?: AnswerFormat;
  /** Where this turn stores artifacts (a Run hands its own); absent: in memory, for the turn. */
  readonly artifacts?: ArtifactScope;
}
