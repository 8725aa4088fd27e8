import { Interloper } from '../controls/interloper.ts';
import { StepLimit } from '../controls/step-limit.ts';
import { InvalidOptionError } from '../errors/invalid-option-error.ts';
import { History } from '../history/history.ts';
import type { Model } from '../model/model.ts';
import type { PriceTable } from '../model/model-price.ts';
import { checkOptions, hasMethods } from '../options/check-options.ts';
import { checkSessionId } from '../session/session-id.ts';
import type { SessionStore } from '../session/session-store.ts';
import { type OutputSchemaInput, outputSchema } from '../structured/output-schema.ts';
import type { RunEvent } from './run-events.ts';

/**
 * Options of `agent.ask` / `agent.stream` / `agent.createRun`. Every one is
 * checked before a Run exists. `S` is the output schema's type, from which
 * `run.output` is typed.
 */
export interface AskOptions<S extends OutputSchemaInput | undefined = OutputSchemaInput | undefined> {
  /** A conversation to continue from: loaded into the agent (replacing what it holds) before the Run's first turn. */
  readonly history?: History;
  /** Application context for the tools (`ToolContext.appContext`): a user id, a handle. Never sent to the model. */
  readonly appContext?: unknown;
  /** The most tokens one model response of the Run may hold; instead of the agent's `maxOutputTokens`. */
  readonly maxOutputTokens?: number;
  /**
   * Names of untrusted sources the prompt carries (`['stdin']`): the prompt's
   * message is tainted by them, so an egress call after it meets the taint
   * gate (see `TurnOptions.untrusted`). Default: the prompt is trusted.
   */
  readonly untrusted?: readonly string[];
  /**
   * When the Run must stop: a `Date`, or a number of milliseconds from the
   * start. At the deadline the Run ends `partial` with the latest complete
   * answer text it had. Any length works, also past setTimeout's range
   * (2^31 ms, about 24.8 days); a number that ends past the last time a
   * `Date` can hold is refused with `InvalidOptionError`.
   */
  readonly deadline?: Date | number;
  /**
   * Aborting it cancels the Run (outcome `cancelled`). A pikuri `Cancellable`
   * is a source of it: pass `cancellable.signal`, and `cancellable.cancel()`
   * cancels the Run.
   */
  readonly signal?: AbortSignal;
  /**
   * An Interloper whose messages the Run delivers at its model boundaries,
   * after its own interjections (`run.interject`), as mid-loop user turns: the
   * same inbox, fed from outside (a UI's type-ahead queue). Nothing waits for
   * their answer; what it still holds when the Run ends stays in it.
   */
  readonly interloper?: Interloper;
  /**
   * The step budget of an agent's Run, instead of the agent's own
   * `stepLimit`: each of the Run's turns starts it afresh, and its policy
   * (`raise` or `synthesize`) decides what a spent budget does. An assembly
   * leaves it to its participants' own budgets.
   */
  readonly stepLimit?: StepLimit;
  /** Stream events of nested agents (sub-agents, the synthesizer) as `agent-stream` events. Default false. */
  readonly includeAgentEvents?: boolean;
  /** Use this model for the Run (and after it: a switch, as with `turn`). */
  readonly model?: Model;
  /**
   * Prices for `usage.costUsd`, keyed exactly `provider:modelId`: an entry
   * wins over the prices the model declares (`Model.capabilities.prices`);
   * a model in neither has no computed cost.
   */
  readonly prices?: PriceTable;
  /** The Run's id; default: one from the agent's id source. */
  readonly runId?: string;
  /**
   * A stored conversation to continue (or start): the agent's conversation
   * becomes the session's (its interrupted tool calls answered), the Run
   * checkpoints it at its start, after every answered tool batch and at its
   * end, and records itself in the store. Runs on one session are serialized.
   */
  readonly session?: { readonly id: string; readonly store: SessionStore };
  /**
   * The final answer must match this object schema (a zod `z.object`, a
   * `params()` builder, or a JSON Schema): asked for with the provider's JSON
   * mode when the model supports it, else through a `final_answer` tool. An
   * answer with problems gets one repair turn; then the Run fails with
   * `OutputValidationError`. `run.output` holds the parsed value.
   */
  readonly output?: S;
  /**
   * Functions handed every event of the Run as it happens, for instrumentation
   * (tracing, metrics, an inspector): the Run's own events and, as
   * `agent-stream` events, those of every nested agent, whatever
   * `includeAgentEvents` says (that option is about the public stream). Called
   * synchronously and in order; an observer that throws is reported as a
   * process warning and never disturbs the Run. One that returns a promise is
   * not waited for (its rejection is the same warning), so a slow observer
   * costs the Run only its synchronous part: hand slow work off.
   */
  readonly observers?: readonly RunObserver[];
}

/** See {@link AskOptions.observers}. */
export type RunObserver = (event: RunEvent) => void;

/** The largest time a `Date` holds (ms since the epoch); a number deadline must end before it. */
const MAX_DATE_MS = 8.64e15;

const isSession = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  hasMethods('load', 'append', 'replace', 'recordRun')((v as { store?: unknown }).store);
const isPriceTable = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks ask options before a Run exists.
 *
 * @throws InvalidOptionError naming the first bad option.
 */
export function validateAskOptions(options: AskOptions | undefined): void {
  checkOptions('AskOptions', options, {
    history: [
      (v) => v instanceof History,
      'a History (History.parse / History.load, or agent.exportHistory())',
    ],
    deadline: [
      (v) =>
        (v instanceof Date && !Number.isNaN(v.getTime())) ||
        (typeof v === 'number' && v >= 0 && Date.now() + v <= MAX_DATE_MS),
      'a Date, or a number of milliseconds from now (0 or more, ending before the year 275760, the last a Date can hold)',
    ],
    signal: [(v) => v instanceof AbortSignal, 'an AbortSignal'],
    interloper: [(v) => v instanceof Interloper, 'an Interloper'],
    stepLimit: [(v) => v instanceof StepLimit, 'a StepLimit'],
    includeAgentEvents: [(v) => typeof v === 'boolean', 'a boolean'],
    maxOutputTokens: [(v) => Number.isSafeInteger(v) && (v as number) >= 1, 'a positive integer (1 or more)'],
    untrusted: [(v) => Array.isArray(v) && v.every((s) => typeof s === 'string'), 'an array of source names'],
    model: [hasMethods('stream'), 'a Model (an object with a stream method, e.g. from resolveModel)'],
    prices: [isPriceTable, 'a price table ({ "provider:model": { inputPerMTok, outputPerMTok } })'],
    runId: [(v) => typeof v === 'string' && v.trim() !== '', 'a non-empty string'],
    session: [isSession, '{ id, store } with a SessionStore (load, append, replace, recordRun)'],
    observers: [
      (v) => Array.isArray(v) && v.every((o) => typeof o === 'function'),
      'an array of functions (event) => void',
    ],
  });
  if (options?.session) checkSessionId(options.session.id, 'AskOptions.session.id');
  if (options?.output !== undefined) checkOutput(options.output);
}

function checkOutput(output: unknown): void {
  try {
    outputSchema(output as OutputSchemaInput);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // The tool-parameter machinery words its problems for tools.
    const problem = error.message.replace(/^(zod )?tool parameters/, 'it');
    throw new InvalidOptionError(
      'AskOptions.output',
      `an object schema (a zod z.object, params(), or a JSON Schema of type "object"); ${problem}`,
      output,
    );
  }
}

/** The deadline as ms since the epoch, from an option read at `now`. */
export function deadlineAt(deadline: Date | number | undefined, now: number): number | undefined {
  if (deadline === undefined) return undefined;
  return deadline instanceof Date ? deadline.getTime() : now + deadline;
}
