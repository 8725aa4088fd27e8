import type { RunUsage } from '@kodama/core';

/** Outputs kept per step: enough to inspect, bounded so a long run stays small. */
export const STEP_OUTPUT_LIMIT = 64 * 1024;

/** One try of a step. `startedAt`/`endedAt` are the Run clock's ms. */
export interface Attempt {
  /** From 1. */
  readonly number: number;
  readonly startedAt: number;
  readonly endedAt: number | undefined;
  readonly usage: RunUsage | undefined;
  /** The failure's class name (never its message); `undefined` for a success. */
  readonly errorType: string | undefined;
}

/** One participant execution of an assembly. */
export interface Step {
  readonly id: string;
  /** The step of the enclosing assembly this one runs under, when nested. */
  readonly parent: string | undefined;
  /** Steps whose outputs fed this one (graph predecessors, the swarm member that handed off). */
  readonly predecessors: readonly string[];
  /** The graph branch it ran on. */
  readonly branch: string | undefined;
  /** The participant's name in the assembly. */
  readonly participant: string;
  readonly status: 'running' | 'completed' | 'failed' | 'cancelled';
  readonly attempts: readonly Attempt[];
  /** Its output, cut to {@link STEP_OUTPUT_LIMIT} characters. */
  readonly output: string | undefined;
  /** True when `output` was cut. */
  readonly outputTruncated: boolean;
}

/** A move between participants, as the `assembly-transition` event said. */
export interface Transition {
  readonly step: number;
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly errorType?: string;
}

interface MutableStep {
  id: string;
  parent: string | undefined;
  predecessors: string[];
  branch: string | undefined;
  participant: string;
  status: Step['status'];
  attempts: { number: number; startedAt: number; endedAt?: number; usage?: RunUsage; errorType?: string }[];
  output: string | undefined;
  outputTruncated: boolean;
  /** Logical times (a counter shared by the whole trajectory): start of the first attempt, end of the last. */
  begin: number;
  end: number | undefined;
}

/**
 * What an assembly's Run did, step by step: `run.trajectory`. Filled while
 * the Run runs, read-only to callers. Concurrency is judged on a logical
 * clock (the order starts and ends happened), so it never depends on timer
 * resolution.
 */
export class Trajectory {
  readonly #steps: MutableStep[] = [];
  readonly #byId = new Map<string, MutableStep>();
  readonly #transitions: Transition[] = [];
  #tick = 0;

  /** Every step, in the order they started. */
  get steps(): readonly Step[] {
    return this.#steps.map(view);
  }

  /** Every transition, in order. */
  get transitions(): readonly Transition[] {
    return [...this.#transitions];
  }

  /** The step `id`, or `undefined`. */
  step(id: string): Step | undefined {
    const s = this.#byId.get(id);
    return s ? view(s) : undefined;
  }

  /** The steps that ran under step `id` (a nested assembly's), or at the top level when `id` is undefined. */
  children(id: string | undefined): readonly Step[] {
    return this.#steps.filter((s) => s.parent === id).map(view);
  }

  /** The attempts of step `id` (empty for an unknown id). */
  attemptsFor(id: string): readonly Attempt[] {
    return this.step(id)?.attempts ?? [];
  }

  /** The steps of participant `name`, in order. */
  stepsOf(name: string): readonly Step[] {
    return this.#steps.filter((s) => s.participant === name).map(view);
  }

  /** True when steps `a` and `b` were running at the same time (one started before the other ended). */
  concurrent(a: string, b: string): boolean {
    const x = this.#byId.get(a);
    const y = this.#byId.get(b);
    if (!x || !y || x === y) return false;
    const xEnd = x.end ?? Number.POSITIVE_INFINITY;
    const yEnd = y.end ?? Number.POSITIVE_INFINITY;
    return x.begin < yEnd && y.begin < xEnd;
  }

  /** Records a step's start (internal to the assemblies). */
  begin(step: {
    id: string;
    parent?: string;
    predecessors?: readonly string[];
    branch?: string;
    participant: string;
  }): void {
    const s: MutableStep = {
      id: step.id,
      parent: step.parent,
      predecessors: step.predecessors ? step.predecessors.slice() : [],
      branch: step.branch,
      participant: step.participant,
      status: 'running',
      attempts: [],
      output: undefined,
      outputTruncated: false,
      begin: ++this.#tick,
      end: undefined,
    };
    this.#steps.push(s);
    this.#byId.set(s.id, s);
  }

  /** Records an attempt's start. */
  attemptStarted(id: string, number: number, at: number): void {
    this.#byId.get(id)?.attempts.push({ number, startedAt: at });
  }

  /** Records an attempt's end. */
  attemptEnded(id: string, at: number, usage: RunUsage | undefined, errorType: string | undefined): void {
    const attempt = this.#byId.get(id)?.attempts.at(-1);
    if (!attempt) return;
    attempt.endedAt = at;
    attempt.usage = usage;
    if (errorType !== undefined) attempt.errorType = errorType;
  }

  /** Records a step's end. */
  finish(id: string, status: Step['status'], output: string | undefined): void {
    const s = this.#byId.get(id);
    if (!s) return;
    s.status = status;
    s.end = ++this.#tick;
    if (output !== undefined) {
      s.outputTruncated = output.length > STEP_OUTPUT_LIMIT;
      s.output = s.outputTruncated ? output.slice(0, STEP_OUTPUT_LIMIT) : output;
    }
  }

  /** Records a transition. */
  transition(t: Transition): void {
    this.#transitions.push(t);
  }
}

function view(s: MutableStep): Step {
  return Object.freeze({
    id: s.id,
    parent: s.parent,
    predecessors: Object.freeze([...s.predecessors]),
    branch: s.branch,
    participant: s.participant,
    status: s.status,
    attempts: Object.freeze(
      s.attempts.map((a) =>
        Object.freeze({
          number: a.number,
          startedAt: a.startedAt,
          endedAt: a.endedAt,
          usage: a.usage,
          errorType: a.errorType,
        }),
      ),
    ),
    output: s.output,
    outputTruncated: s.outputTruncated,
  });
}
