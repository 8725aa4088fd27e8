import {
  type AskOptions,
  CancelledError,
  type Content,
  DeadlineExceededError,
  History,
  type Run,
  type RunEvent,
  type Runnable,
  type RunUsage,
} from '@kodama/core';
import { type AssemblyStepEndEvent, type AssemblyStepStartEvent, startLongTimer } from '@kodama/core/run';
import { StepTimeoutError } from '../errors.ts';
import { EventRouter, type Visibility } from './event-router.ts';
import { copyJsonContext } from './json-context.ts';
import { retries, retryDelayMs, type StepPolicy } from './retry-policy.ts';
import type { AssemblyScope } from './scope.ts';
import { Trajectory } from './trajectory.ts';

/** One participant execution, as an assembly asks for it. */
export interface StepRequest {
  readonly participant: Runnable;
  /** Its name in the assembly (events, trajectory, paths). */
  readonly name: string;
  readonly input: Content;
  /** The conversation it starts from; default empty (a fresh start). */
  readonly history?: History;
  /** Its JSON context (copied again for each attempt); default none. */
  readonly context?: unknown;
  readonly policy?: StepPolicy;
  /** `public`: the final participant; `buffer`: maybe final (a swarm member); `nested`: intermediate. */
  readonly visibility: Visibility;
  readonly predecessors?: readonly string[];
  readonly branch?: string;
  /** Stops this step alone (a sibling failed, a handoff happened); the Run's own signal always applies. */
  readonly signal?: AbortSignal;
  /** True when `signal` also aborts whenever the Run's does: an attempt without a timeout then needs no signal of its own. */
  readonly signalFollowsRun?: boolean;
  /** Sees each of the participant's events synchronously, as it happens (a swarm watching for its handoff). */
  readonly watch?: (event: RunEvent) => void;
  /** When `signal` stopped the step on purpose (a handoff), the output to complete it with; else `undefined`. */
  readonly stoppedOutput?: () => string | undefined;
}

/** What a step produced. */
export interface StepResult {
  readonly stepId: string;
  readonly output: string;
  /** The participant's last Run. */
  readonly run: Run;
  /** A `buffer` step's events, to publish (final) or pass on as nested (not final). */
  readonly router: EventRouter;
}

/**
 * Runs one participant as a step: `assembly-step-start`, attempts (each a
 * Run of the participant under the Run's signal and deadline, with the
 * step's timeout), retries per the policy, usage added to the Run once per
 * attempt, `assembly-step-end`, the trajectory kept. The participant's
 * events are routed by `visibility`. Resolves with the output; rejects with
 * the participant's error (a `CancelledError` or `DeadlineExceededError`
 * when the Run itself was stopped).
 */
export async function runStep(scope: AssemblyScope, request: StepRequest): Promise<StepResult> {
  const { ctx, trajectory } = scope;
  const { name, policy = {} } = request;
  const stepId = scope.nextStepId();
  const branch = request.branch;
  // Objects here are built by assignment, not conditional spreads: this runs for every step,
  // and object spread is slow on Node 20 (graph-overhead benchmark).
  trajectory.begin({ id: stepId, participant: name, predecessors: request.predecessors ?? [], branch });
  const start: Writable<StepStart> = {
    type: 'assembly-step-start',
    stepId,
    participant: name,
    at: ctx.clock.now(),
  };
  if (branch) start.branch = branch;
  scope.emit(start);
  const router = new EventRouter(scope, name, stepId, request.visibility);
  let usage = ZERO_USAGE;
  let attempt = 0;
  let run: Run | undefined;
  // stopStep is a function, not a closure made per step (the tsx build names each closure).
  const who = { stepId, name, branch };
  for (;;) {
    attempt++;
    trajectory.attemptStarted(stepId, attempt, ctx.clock.now());
    const limit = attemptSignal(ctx.signal, request, policy.timeout);
    let error: unknown;
    try {
      // Observers, not a stream: they see every event (nested agents' too) synchronously, in
      // order, without a queue and an async iteration per event. An intermediate step nobody
      // watches (no stream of nested events, no observers) is asked without any: its events
      // would all be dropped (graph-overhead benchmark).
      const options: Writable<AskOptions> = {
        signal: limit.signal,
        history: request.history ?? EMPTY_HISTORY,
      };
      if (request.visibility !== 'nested' || request.watch || scope.nested) {
        options.includeAgentEvents = true;
        const route = (event: RunEvent) => router.route(event);
        options.observers = request.watch ? [request.watch, route] : [route];
      }
      if (request.context !== undefined) options.appContext = copyJsonContext(request.context);
      if (ctx.deadline !== undefined) options.deadline = new Date(ctx.deadline);
      if (ctx.options.prices) options.prices = ctx.options.prices;
      run = await request.participant.ask(request.input, options);
      adoptTrajectory(trajectory, run, stepId);
      error = run.completed ? undefined : run.error;
      if (!run.completed && limit.timedOut) error = new StepTimeoutError(name, policy.timeout ?? 0);
    } catch (caught) {
      error = caught;
    } finally {
      limit.dispose();
    }
    const spent = run?.usage;
    if (spent) {
      ctx.usage.addUsage(spent);
      usage = addUsage(usage, spent);
    }
    trajectory.attemptEnded(
      stepId,
      ctx.clock.now(),
      spent,
      error === undefined ? undefined : typeName(error),
    );
    if (error === undefined && run) {
      ctx.answered(run.response);
      stopStep(scope, who, attempt, usage, 'completed', run.response);
      return { stepId, output: run.response, run, router };
    }
    const purposeful = request.signal?.aborted ? request.stoppedOutput?.() : undefined;
    if (purposeful !== undefined && run && !ctx.signal.aborted) {
      stopStep(scope, who, attempt, usage, 'completed', purposeful);
      return { stepId, output: purposeful, run, router };
    }
    const runStopped = ctx.signal.aborted || DeadlineExceededError.isInstance(error);
    if (run?.partial && run.response !== '') ctx.answered(run.response);
    if (runStopped) {
      stopStep(scope, who, attempt, usage, 'cancelled', undefined, typeName(error));
      throw stoppedCause(ctx.signal, error);
    }
    const stepStopped = request.signal?.aborted === true && !limit.timedOut;
    const retriable = !stepStopped && !CancelledError.isInstance(error) && retries(policy, error);
    if (retriable && attempt <= (policy.retries ?? 0)) {
      const delayMs = retryDelayMs(policy, attempt);
      if (ctx.deadline === undefined || ctx.clock.now() + delayMs < ctx.deadline) {
        scope.emit({
          type: 'assembly-step-retry',
          stepId,
          participant: name,
          attempt,
          errorType: typeName(error),
          delayMs,
        });
        if (await sleep(delayMs, ctx.signal, request.signal)) continue;
        stopStep(scope, who, attempt, usage, 'cancelled', undefined, typeName(error));
        throw stoppedCause(ctx.signal, error);
      }
    }
    stopStep(scope, who, attempt, usage, stepStopped ? 'cancelled' : 'failed', undefined, typeName(error));
    throw error;
  }
}

/** Ends a step: its place in the trajectory, and `assembly-step-end`. */
function stopStep(
  scope: AssemblyScope,
  step: { stepId: string; name: string; branch: string | undefined },
  attempts: number,
  usage: RunUsage,
  status: StepStop['status'],
  output: string | undefined,
  errorType?: string,
): void {
  scope.trajectory.finish(step.stepId, status, output);
  const stopEvent: Writable<StepStop> = {
    type: 'assembly-step-end',
    stepId: step.stepId,
    participant: step.name,
    status,
    attempts,
    usage,
    at: scope.ctx.clock.now(),
  };
  if (errorType) stopEvent.errorType = errorType;
  if (step.branch) stopEvent.branch = step.branch;
  scope.emit(stopEvent);
}

const NOTHING = (): void => {};

/** The class name of an error: what events and routes say, never the message. */
export function typeName(error: unknown): string {
  if (error instanceof Error) return error.name || error.constructor.name;
  return typeof error;
}

/** The cause to report when the Run itself was stopped: its signal's reason as a cancellation, or the deadline. */
function stoppedCause(signal: AbortSignal, error: unknown): unknown {
  if (DeadlineExceededError.isInstance(error) || CancelledError.isInstance(error)) return error;
  if (DeadlineExceededError.isInstance(signal.reason)) return signal.reason;
  return new CancelledError({ cause: signal.reason });
}

/** A nested assembly's steps, under the step that ran it (so `children(stepId)` walks into it). */
function adoptTrajectory(trajectory: Trajectory, run: Run, stepId: string): void {
  const nested = (run as { trajectory?: unknown }).trajectory;
  if (!(nested instanceof Trajectory)) return;
  for (const step of nested.steps) {
    const id = `${stepId}/${step.id}`;
    trajectory.begin({
      id,
      parent: step.parent === undefined ? stepId : `${stepId}/${step.parent}`,
      predecessors: step.predecessors.map((p) => `${stepId}/${p}`),
      ...(step.branch ? { branch: step.branch } : {}),
      participant: step.participant,
    });
    for (const a of step.attempts) {
      trajectory.attemptStarted(id, a.number, a.startedAt);
      if (a.endedAt !== undefined) trajectory.attemptEnded(id, a.endedAt, a.usage, a.errorType);
    }
    trajectory.finish(id, step.status, step.output);
  }
}

const EMPTY_HISTORY = new History([]);

type Writable<T> = { -readonly [K in keyof T]: T[K] };
type StepStart = Omit<AssemblyStepStartEvent, 'runId' | 'assemblyId' | 'assemblyKind' | 'path'>;
type StepStop = Omit<AssemblyStepEndEvent, 'runId' | 'assemblyId' | 'assemblyKind' | 'path'>;

const ZERO_USAGE: RunUsage = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  reasoningTokens: 0,
  totalTokens: 0,
  costUsd: 0,
});

function addUsage(a: RunUsage, b: RunUsage): RunUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    totalTokens: a.totalTokens + b.totalTokens,
    costUsd: a.costUsd === undefined || b.costUsd === undefined ? undefined : a.costUsd + b.costUsd,
  };
}

/** One attempt's signal: the Run's, the step's own, and the timeout, whichever comes first. */
function attemptSignal(
  run: AbortSignal,
  request: Pick<StepRequest, 'signal' | 'signalFollowsRun'>,
  timeout: number | undefined,
) {
  const step = request.signal;
  // Nothing to combine: pass the one signal on (no controller and listeners per step).
  if (timeout === undefined && (step === undefined || request.signalFollowsRun))
    return { signal: step ?? run, timedOut: false, dispose: NOTHING };
  const controller = new AbortController();
  let timedOut = false;
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onRun = () => abort(run.reason);
  const onStep = () => abort(step?.reason);
  run.addEventListener('abort', onRun, { once: true });
  step?.addEventListener('abort', onStep, { once: true });
  if (run.aborted) onRun();
  if (step?.aborted) onStep();
  const stopTimer =
    timeout === undefined
      ? undefined
      : startLongTimer(() => {
          timedOut = true;
          abort(new CancelledError());
        }, timeout);
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose: () => {
      stopTimer?.();
      run.removeEventListener('abort', onRun);
      step?.removeEventListener('abort', onStep);
    },
  };
}

/** Waits `ms` unless a signal aborts first; resolves true when the wait completed. */
function sleep(ms: number, ...signals: (AbortSignal | undefined)[]): Promise<boolean> {
  return new Promise((resolve) => {
    const live = signals.filter((s): s is AbortSignal => s !== undefined);
    if (live.some((s) => s.aborted)) return resolve(false);
    const done = (ok: boolean) => {
      stopTimer();
      for (const s of live) s.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onAbort = () => done(false);
    // A retry delay past setTimeout's range would fire at once; the long timer waits it out.
    const stopTimer = startLongTimer(() => done(true), ms);
    for (const s of live) s.addEventListener('abort', onAbort, { once: true });
  });
}
