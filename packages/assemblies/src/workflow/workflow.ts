import { InvalidOptionError, isRunnable, type Runnable } from '@kodama/core';
import { AssemblyProtocolError } from '../errors.ts';
import { type Assembly, type AssemblyOutcome, assembly } from '../runnable/assembly.ts';
import { checkStepPolicy } from '../steps/retry-policy.ts';
import { runStep } from '../steps/run-step.ts';
import type { AssemblyScope } from '../steps/scope.ts';
import type { Invocation, InvokeOptions } from './invocation.ts';
import { type ParallelOptions, runParallel } from './parallel.ts';

/** What a workflow function gets to call participants with. */
export interface WorkflowContext {
  /** A lazy invocation of `participant` (see {@link Invocation}). @throws InvalidOptionError for a bad option. */
  invoke(participant: Runnable, options?: InvokeOptions): Invocation;
  /**
   * Runs invocations at once (at most `maxConcurrency`, default 8), resolving
   * with their outputs in declaration order. The first failure cancels the
   * siblings, waits for them to stop, then rejects with that failure.
   */
  parallel(invocations: readonly Invocation[], options?: ParallelOptions): Promise<string[]>;
  /** The Run's input as text. */
  readonly input: string;
  /** Stops when the Run is cancelled or reaches its deadline. */
  readonly signal: AbortSignal;
}

/** The code of a workflow: returns the final invocation, unstarted. */
export type WorkflowFunction = (wf: WorkflowContext, input: string) => Promise<Invocation> | Invocation;

/** Options of {@link workflow}. */
export interface WorkflowOptions {
  /** Its name (events, paths); default `workflow`. */
  readonly id?: string;
  readonly description?: string;
}

/**
 * An assembly where code decides: `fn` calls participants through
 * `wf.invoke` (awaiting `output()` for intermediate results, `wf.parallel`
 * for several at once) and returns the invocation of its final step without
 * starting it; that step's events become the Run's public stream and its
 * answer the Run's response. Children inherit the Run's input, history,
 * context, deadline and cancellation; only the final one's conversation is
 * saved to the session.
 */
export function workflow(fn: WorkflowFunction, options: WorkflowOptions = {}): Assembly {
  if (typeof fn !== 'function')
    throw new InvalidOptionError('workflow', 'a function (wf, input) => the final wf.invoke(...)', fn);
  const id = options.id ?? 'workflow';
  return assembly({
    kind: 'workflow',
    id,
    ...(options.description ? { description: options.description } : {}),
    participants: () => [],
    prepare: () => (scope) => runWorkflow(fn, scope),
  });
}

interface InvocationState extends Invocation {
  /** Runs it with the given visibility and an extra stop signal. */
  run(
    visibility: 'nested' | 'public',
    signal?: AbortSignal,
  ): Promise<{ output: string; outcome?: AssemblyOutcome }>;
  started: boolean;
}

async function runWorkflow(fn: WorkflowFunction, scope: AssemblyScope): Promise<AssemblyOutcome> {
  const invocations = new WeakSet<object>();
  const wf: WorkflowContext = {
    input: scope.inputText,
    signal: scope.ctx.signal,
    invoke: (participant, options = {}) => {
      const inv = invocation(scope, participant, options);
      invocations.add(inv);
      return inv;
    },
    parallel: (list, options) => {
      for (const inv of list) if (!invocations.has(inv)) throw notOurs(inv);
      return runParallel(list as InvocationState[], options, scope.ctx.signal);
    },
  };
  const final = await fn(wf, scope.inputText);
  if (!invocations.has(final as object))
    throw new AssemblyProtocolError(
      `workflow ${scope.id} returned ${describe(final)}; it must return its final invocation (return wf.invoke(...) without awaiting its output)`,
    );
  const state = final as InvocationState;
  if (state.started)
    throw new AssemblyProtocolError(
      `workflow ${scope.id} returned the invocation of ${state.name} after its output was awaited; return the final invocation unstarted (its events become the Run's stream)`,
    );
  const { outcome } = await state.run('public');
  return outcome!;
}

function invocation(scope: AssemblyScope, participant: Runnable, options: InvokeOptions): InvocationState {
  if (!isRunnable(participant))
    throw new InvalidOptionError(
      'wf.invoke participant',
      'an agent or an assembly (something with ask/stream)',
      participant,
    );
  const name = options.name ?? (participant.id || 'step');
  checkStepPolicy(options, `wf.invoke(${name})`);
  const { input, history, context, name: _n, ...policy } = options;
  let running: Promise<{ output: string; outcome?: AssemblyOutcome }> | undefined;
  const state: InvocationState = {
    participant,
    name,
    started: false,
    get consumed() {
      return state.started;
    },
    output: () => state.run('nested').then((r) => r.output),
    run: (visibility, signal) => {
      if (running) return running;
      state.started = true;
      running = runStep(scope, {
        participant,
        name,
        input: input ?? scope.ctx.input ?? '',
        history: history ?? scope.history,
        context: context === undefined ? scope.context : context,
        policy,
        visibility,
        ...(signal ? { signal } : {}),
      }).then((r) => ({
        output: r.output,
        outcome: { response: r.output, ...(r.run.history ? { history: r.run.history } : {}) },
      }));
      return running;
    },
  };
  return state;
}

function notOurs(value: unknown): Error {
  return new AssemblyProtocolError(
    `wf.parallel takes invocations made by wf.invoke of this workflow, got ${describe(value)}`,
  );
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.slice(0, 40))})`;
  if (typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function')
    return 'a promise';
  return `a ${typeof value}`;
}
