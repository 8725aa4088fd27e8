import type { Cancellable } from '../controls/cancellable.ts';
import type { Interloper } from '../controls/interloper.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { Configurator } from '../extensions/configurator.ts';
import type { StepRunner } from '../loop/step-runner.ts';
import type { Model } from '../model/model.ts';

/** What a tool failure (an exception other than `ToolError`) does to the turn. */
export type ToolFailurePolicy = 'raise' | 'observe';

/** Construction options of an {@link Agent}. */
export interface AgentOptions {
  /** The model every turn uses until `run(..., { model })` switches it. */
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
  /** Emit `thinking-delta` / `assistant-delta` events while the model streams. Default false. */
  readonly streaming?: boolean;
  /**
   * `raise` (default): a tool that throws (other than `ToolError`) ends the
   * turn, after the batch is answered. `observe`: the failure becomes an
   * `Error: <Name>: <message>` observation and the model carries on.
   */
  readonly toolFailures?: ToolFailurePolicy;
  /** Observation budget per tool call, in estimated tokens; the tool layer's default when absent. */
  readonly maxResultTokens?: number;
  /** The seam every model call and tool execution crosses; default: straight through. */
  readonly stepRunner?: StepRunner;
  /**
   * The only way to add tools, sub-agent-only tools, listeners, extensions,
   * system-prompt snippets and close handlers. Runs once, synchronously,
   * inside the constructor; if it throws, the close handlers armed so far run
   * and the error is rethrown.
   */
  readonly configure?: (c: Configurator) => void;
}

/** Options of one `run`. */
export interface RunOptions {
  /** Switch to this model before the turn (emits `model-switched` and a fresh `context-cap`). */
  readonly model?: Model;
}
