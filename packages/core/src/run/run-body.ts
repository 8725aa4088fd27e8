import type { ArtifactScope } from '../artifacts/artifact-scope.ts';
import type { TokensEvent } from '../events/events.ts';
import type { History } from '../history/history.ts';
import type { Clock } from '../ids/clock.ts';
import type { Content } from '../messages/content.ts';
import type { Interjections } from './interjections.ts';
import type { RunEvent } from './run-events.ts';
import type { AskOptions } from './run-options.ts';
import type { RunResource } from './run-resources.ts';
import type { RunUsage } from './run-usage.ts';

/**
 * The conversation a Run's session is loaded into before the work and saved
 * from after it (and at each checkpoint); the `history` option is loaded into
 * it too. An agent is its own; an assembly keeps one that its final
 * participant's conversation replaces.
 */
export interface RunConversation {
  /** What the session records as the Run's model (`provider:modelId`). */
  readonly model: { readonly provider: string; readonly modelId: string };
  /** Replaces the conversation. */
  loadHistory(history: History): unknown;
  /** The conversation as it is now. */
  exportHistory(): History;
}

/** Where a body reports what its work spent; summed once into the Run's `usage`. */
export interface RunUsageSink {
  /** Counts one model response (a `tokens` event). */
  add(event: TokensEvent): void;
  /** Adds what a finished child Run spent (its `run.usage`); an unknown cost makes the sum's unknown. */
  addUsage(usage: RunUsage): void;
}

/**
 * What a Run hands the work it executes. The Run owns everything here: the
 * `run-start` and terminal events, the stop signal, resources, usage and the
 * session; the body only does the work and reports through these.
 */
export interface RunBodyContext {
  readonly runId: string;
  /** The input the Run was asked with. */
  readonly input: Content | undefined;
  /** The Run's options, already checked. */
  readonly options: AskOptions;
  readonly clock: Clock;
  /** When the Run started (the clock's ms). */
  readonly startedAt: number;
  /**
   * Stops the work: `run.cancel()`, the caller's signal, or the deadline
   * (then its reason is a `DeadlineExceededError`). Hand it to every child.
   */
  readonly signal: AbortSignal;
  /** The Run's deadline in ms since the epoch (hand it to children), `undefined` without one. */
  readonly deadline: number | undefined;
  /** Publishes an event: to the public stream (when streamed) and to the observers. */
  readonly emit: (event: RunEvent) => void;
  /** The observers alone (events the public stream must not carry); `undefined` without observers. */
  readonly observe: ((event: RunEvent) => void) | undefined;
  /**
   * True when a caller reads the Run's events as they happen (`run.stream()`):
   * the work then streams its model responses (an agent emits text and
   * reasoning deltas whatever its `streaming` option says).
   */
  readonly streamed: boolean;
  /** Where usage goes. */
  readonly usage: RunUsageSink;
  /**
   * The Run's artifacts (`run.artifacts`): in the session's folder when the
   * session store keeps artifacts, else in memory for the Run. An agent that
   * keeps artifacts stores its large results here.
   */
  readonly artifacts: ArtifactScope;
  /** The Run's interjections (`run.interject`); a body that cannot deliver them leaves them to be rejected at the end. */
  readonly interjections: Interjections;
  /** Same as `run.register`: closed in reverse order before the terminal event. */
  register<R extends RunResource>(resource: R): R;
  /** Same as `run.once`. */
  once<T>(key: string, fn: () => T | Promise<T>): Promise<T | undefined>;
  /** Records the latest complete answer: what a `partial` Run answers with. */
  answered(text: string): void;
  /** Saves the conversation to the Run's session now (resolves at once without a session). */
  checkpoint(): Promise<void>;
}

/** What the work produced. */
export interface RunBodyResult {
  /** The final answer. */
  readonly response: string;
  /** The validated structured answer, when there is one. */
  readonly output?: unknown;
}

/**
 * The work of a Run: what runs between `run-start` and the terminal event.
 * An agent's turns are one body; an assembly's steps are another. Create a
 * Run of a body with `createRunOf`.
 *
 * Contract: `execute` resolves with the answer or throws. To be stopped it
 * throws a `CancelledError` (or a `DeadlineExceededError`): the Run ends
 * `partial` when the deadline caused it, else `cancelled`; anything else
 * ends it `failed`. It must not emit `run-start` or a terminal event, nor
 * close the Run's resources: the Run does.
 */
export interface RunBody {
  /** The conversation a session or the `history` option is loaded into, and `run.history` read from. */
  readonly conversation: RunConversation;
  /** Runs whose bodies share this key run one after the other (an agent holds one conversation); absent: no waiting. */
  readonly exclusive?: object;
  /**
   * Called right after `run-start`, before the session or the `history`
   * option is loaded (an agent subscribes the Run to itself here, so the
   * load's events reach the Run); returns what undoes it, called after the work.
   */
  attach?(context: RunBodyContext): () => void;
  /** Does the work. */
  execute(context: RunBodyContext): Promise<RunBodyResult>;
}
