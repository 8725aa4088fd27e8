import type { TurnOptions } from '../agent/agent-options.ts';
import type { Artifact } from '../artifacts/artifact-scope.ts';
import type { History } from '../history/history.ts';
import type { Clock } from '../ids/clock.ts';
import { isolatedCall } from '../listeners/isolated-call.ts';
import type { Content } from '../messages/content.ts';
import { agentBody, type RunnableAgent } from './agent-body.ts';
import { EventQueue } from './event-queue.ts';
import { executeRun, type RunEnd, type RunOutcome } from './execute-run.ts';
import { type InterjectionResponse, Interjections } from './interjections.ts';
import type { RunBody } from './run-body.ts';
import { RunStateError } from './run-errors.ts';
import type { RunEvent } from './run-events.ts';
import type { AskOptions, RunObserver } from './run-options.ts';
import { type RunResource, RunResources } from './run-resources.ts';
import type { RunUsage } from './run-usage.ts';

/** A Run's events as they happen; `run` settles with the finished Run after the terminal event. */
export interface RunStream<T = unknown> extends AsyncIterable<RunEvent> {
  /** The finished Run (it never rejects: failures are outcomes). */
  readonly run: Promise<Run<T>>;
  /** Same as `run.interject` on the running Run. */
  interject(content: Content): Promise<InterjectionResponse>;
  /** Same as `run.cancel()`. */
  cancel(): void;
}

/**
 * What a Run is built from: an agent (`agent.createRun` builds it) or any
 * other body of work (`createRunOf`).
 */
export type RunInit = RunInitBase & ({ readonly agent: RunnableAgent } | { readonly body: RunBody });

interface RunInitBase {
  readonly id: string;
  readonly input: Content | undefined;
  readonly options: AskOptions;
  readonly clock: Clock;
  /** What `agent.turn` asks of its turn beyond a Run's options (its checkpoint, answer format, queue). */
  readonly turnOptions?: TurnOptions;
}

/**
 * One top-level execution, from start to finish: LittleGhost's Run. It
 * records its outcome (`completed`, `failed`, `partial` at a deadline,
 * `cancelled`), response, usage, error and the conversation after it; it
 * owns resources closed in reverse order before its terminal event; it takes
 * interjections while it runs. A Run executes once.
 *
 * Failures are outcomes, not exceptions: `execute()` resolves with the Run
 * whatever happened, and `error` holds the cause.
 *
 * `T` is the type of `output`, the validated structured answer of a Run
 * asked with an output schema (`unknown` without one).
 */
export class Run<T = unknown> {
  /** Unique per Run. */
  readonly id: string;
  readonly #init: RunInit;
  readonly #resources = new RunResources();
  readonly #interjections: Interjections;
  readonly #cancel = new AbortController();
  #started = false;
  #end: RunEnd | undefined;

  constructor(init: RunInit) {
    this.id = init.id;
    this.#init = init;
    this.#interjections = new Interjections(init.options.interloper);
  }

  /** How the Run ended; `undefined` until it has. */
  get outcome(): RunOutcome | undefined {
    return this.#end?.outcome;
  }

  /** The final answer (completed), the latest complete answer text (partial), else ''. */
  get response(): string {
    return this.#end?.response ?? '';
  }

  /**
   * The validated structured answer, when the Run had an output schema and
   * completed (`response` then holds its JSON text); else `undefined`.
   */
  get output(): T | undefined {
    return this.#end?.output as T | undefined;
  }

  /** The cause of a failed, partial or cancelled Run. */
  get error(): unknown {
    return this.#end?.error;
  }

  /** Tokens and cost over every model response of the Run (zeros until it ends). */
  get usage(): RunUsage | undefined {
    return this.#end?.usage;
  }

  /** The agent's conversation after the Run. */
  get history(): History | undefined {
    return this.#end?.history;
  }

  /**
   * What the Run stored as artifacts, oldest first, each with its whole
   * value (`data`, and `text` for a text result): the large tool results the
   * model read as a preview and a reference, and the images tools returned.
   * Empty until it ends, and for an agent that keeps no artifacts.
   */
  get artifacts(): readonly Artifact[] {
    return this.#end?.artifacts ?? [];
  }

  /** When the Run started and ended (the agent's clock, ms). */
  get startedAt(): number | undefined {
    return this.#end?.startedAt;
  }

  get endedAt(): number | undefined {
    return this.#end?.endedAt;
  }

  get completed(): boolean {
    return this.outcome === 'completed';
  }

  get failed(): boolean {
    return this.outcome === 'failed';
  }

  get partial(): boolean {
    return this.outcome === 'partial';
  }

  get cancelled(): boolean {
    return this.outcome === 'cancelled';
  }

  /** Runs it to the end; resolves with this Run. @throws RunStateError when it already ran. */
  execute(): Promise<this> {
    return this.#start(undefined);
  }

  /** Runs it, streaming its events. @throws RunStateError when it already ran. */
  stream(): RunStream<T> {
    const queue = new EventQueue<RunEvent>();
    const run = this.#start(queue);
    return {
      [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator](),
      run,
      interject: (content) => this.interject(content),
      cancel: () => this.cancel(),
    };
  }

  #start(queue: EventQueue<RunEvent> | undefined): Promise<this> {
    if (this.#started) throw new RunStateError(`run ${this.id} has already been executed; create a new one`);
    this.#started = true;
    const init = this.#init;
    const { input, options, clock } = init;
    const body = 'body' in init ? init.body : agentBody(init.agent, init.turnOptions);
    const publish = queue ? (e: RunEvent) => queue.push(e) : undefined;
    const observe = observerCall(options.observers);
    const work = {
      runId: this.id,
      body,
      input,
      options,
      clock,
      resources: this.#resources,
      interjections: this.#interjections,
      cancel: this.#cancel.signal,
      emit: publish && observe ? both(publish, observe) : (publish ?? observe ?? noop),
      observe,
      streamed: queue !== undefined,
    };
    return executeRun(work).then((end) => {
      this.#end = end;
      queue?.end();
      return this;
    });
  }

  /** Adds a resource (an object with `close()`, or a closer) to close when the Run ends, in reverse order. */
  register<R extends RunResource>(resource: R): R {
    return this.#resources.register(resource);
  }

  /** Runs `fn` at most once successfully per key during the Run (see `RunResources.once`). */
  once<T>(key: string, fn: () => T | Promise<T>): Promise<T | undefined> {
    return this.#resources.once(key, fn);
  }

  /**
   * Queues a user message for the next model boundary of the running Run;
   * resolves with the model's next response. Several sent before one
   * boundary are delivered together and share it.
   *
   * @throws RunStateError before the Run started or after it ended.
   */
  interject(content: Content): Promise<InterjectionResponse> {
    return this.#interjections.interject(content);
  }

  /** Cancels the Run (outcome `cancelled`); idempotent, harmless after it ended. */
  cancel(): void {
    this.#cancel.abort();
  }
}

const noop = (): void => {};

function both(a: (e: RunEvent) => void, b: (e: RunEvent) => void): (e: RunEvent) => void {
  return (event) => {
    a(event);
    b(event);
  };
}

/**
 * One function calling every observer in order, each isolated: a failing one
 * becomes a process warning. An observer that returns a promise is never
 * waited for (a slow one costs the Run only its synchronous part); its
 * rejection becomes the same warning.
 */
function observerCall(observers: readonly RunObserver[] | undefined): ((e: RunEvent) => void) | undefined {
  if (!observers || observers.length === 0) return undefined;
  return (event) => {
    for (const observe of observers) {
      isolatedCall(
        () => observe(event),
        (error) =>
          process.emitWarning(
            `a Run observer threw on ${event.type}: ${String(error)}`,
            'KodamaObserverWarning',
          ),
      );
    }
  };
}
