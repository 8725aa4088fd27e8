import { CancelledError, type Content, DeadlineExceededError, History } from '@kodama/core';
import { AssemblyStepLimitError, GraphRoutingError } from '../errors.ts';
import type { AssemblyOutcome } from '../runnable/assembly.ts';
import { runStep, type StepRequest, type StepResult, typeName } from '../steps/run-step.ts';
import type { AssemblyScope } from '../steps/scope.ts';
import type { ErrorClass, GraphSnapshot, InputMapper, NodeInputs, NodeSpec, Route } from './graph-config.ts';
import { nodeInput } from './node-input.ts';
import { ancestorsOf, reachableFrom } from './validate-graph.ts';

/** Something a node received: a predecessor's output or failure, and the route it came by. */
interface Arrival {
  readonly node: string;
  readonly stepId: string | undefined;
  readonly output?: string;
  readonly errorType?: string;
  readonly edgeInput: InputMapper | undefined;
  readonly groupInput: InputMapper | undefined;
  readonly branch: string;
}

/**
 * Runs a checked graph: nodes start when what can still reach them has
 * settled (inferred fan-in) or when their whole group arrived (explicit
 * fan-in), at most `maxConcurrency` at once and `maxSteps` in all. The
 * finish node's output is the answer; its events are the public stream.
 */
export async function runGraph(g: GraphSnapshot, scope: AssemblyScope): Promise<AssemblyOutcome> {
  const reaches = (from: string, to: string) => reachableFrom(g, from).has(to);
  const arrivals = new Map<string, Arrival[]>();
  const running = new Map<string, Promise<void>>();
  // Stops every branch: on a failure, at the finish, and whenever the Run itself stops
  // (so each step can take this one signal as it is).
  const stopAll = new AbortController();
  const onRunStop = () => stopAll.abort(scope.ctx.signal.reason);
  scope.ctx.signal.addEventListener('abort', onRunStop, { once: true });
  if (scope.ctx.signal.aborted) onRunStop();
  let steps = 0;
  let finished: StepResult | undefined;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;

  const arrive = (target: string, a: Arrival) => {
    const got = arrivals.get(target);
    if (got) got.push(a);
    else arrivals.set(target, [a]);
  };
  arrive(g.start, { node: '', stepId: undefined, edgeInput: undefined, groupInput: undefined, branch: '' });

  const fail = (error: unknown) => {
    if (!failure) failure = { error };
    stopAll.abort(error);
  };

  const ready = (node: string): boolean => {
    const got = arrivals.get(node) ?? [];
    const group = g.groups.get(node);
    if (group) {
      if (got.length < group.length) return false; // checked after every step: answer the usual case at once
      const from = new Set(got.map((a) => a.node));
      return group.every((src) => from.has(src));
    }
    // Inferred fan-in: wait while a running node, or another waiting one upstream (not on a
    // cycle with this one), can still reach it. Walk whichever is smaller: the nodes that can
    // reach it, or those waiting (a wide fan-out has many waiting, each with one ancestor).
    const upstream = ancestorsOf(g, node);
    for (const r of running.keys()) if (upstream.has(r)) return false;
    const fewer = upstream.size <= arrivals.size ? upstream : arrivals.keys();
    for (const other of fewer) {
      if (other === node || running.has(other) || !upstream.has(other) || !arrivals.has(other)) continue;
      if (!reaches(node, other)) return false;
    }
    return true;
  };

  const launch = (node: string) => {
    const got = arrivals.get(node)!;
    arrivals.delete(node);
    if (++steps > g.maxSteps) {
      fail(new AssemblyStepLimitError(`graph ${scope.id}`, g.maxSteps));
      return;
    }
    const spec = g.nodes.get(node)!;
    const from = got.filter((a) => a.node !== '');
    let input: Content;
    try {
      input =
        node === g.start && from.length === 0
          ? (scope.ctx.input ?? '')
          : inputOf(from, spec, scope.inputText);
    } catch (error) {
      fail(error); // an input mapper threw: the Run fails with it once the running branches stopped
      return;
    }
    const branch = commonBranch(got.map((a) => a.branch));
    const request: StepRequest = {
      participant: spec.participant,
      name: node,
      input,
      history: node === g.start ? scope.history : EMPTY_HISTORY,
      context: scope.context,
      policy: spec,
      visibility: node === g.finish ? 'public' : 'nested',
      predecessors: stepIdsOf(from),
      branch: branch || undefined,
      signal: stopAll.signal,
      signalFollowsRun: true,
    };
    running.set(node, settle(node, request, branch));
  };

  // One async function per Run, not a chain of callbacks per step: a step's result is
  // routed, its failure follows an error edge or fails the Run, and the loop is woken.
  const settle = async (node: string, request: StepRequest, branch: string): Promise<void> => {
    try {
      let result: StepResult;
      try {
        result = await runStep(scope, request);
      } catch (error) {
        routeError(node, error, branch);
        return;
      }
      if (node === g.finish) {
        finished = result;
        // Branches still running are cancelled (an error object costs a stack trace: only when needed).
        if (running.size > 1) stopAll.abort(new CancelledError());
        return;
      }
      route(node, result, branch);
    } catch (error) {
      fail(error); // no error edge, a routing error, or a condition that threw
    } finally {
      running.delete(node);
      wake?.();
    }
  };

  const route = (node: string, result: StepResult, branch: string) => {
    const routes = g.routes.get(node) ?? [];
    const info = { from: node, task: scope.inputText };
    const matched = routes.filter((r) => r.when?.(result.output, info));
    if (matched.length > 1)
      throw new GraphRoutingError(
        `node ${node}: the conditional edges to ${matched[0]!.to.join(', ')} and to ${matched[1]!.to.join(', ')} both matched; conditions on one node must exclude each other`,
      );
    const taken: Route[] = matched.length === 1 ? matched : routes.filter((r) => r.when === undefined);
    const targets: string[] = [];
    for (const r of taken) for (const t of r.to) targets.push(t); // a loop: flatMap is slow on V8
    if (targets.length === 0)
      throw new GraphRoutingError(
        `node ${node} has no route: none of its conditions matched and it has no unconditional edge`,
      );
    scope.transition([node], targets);
    const fanOut = targets.length > 1;
    for (const r of taken) {
      for (const t of r.to) {
        arrive(t, {
          node,
          stepId: result.stepId,
          output: result.output,
          edgeInput: r.group ? undefined : r.input,
          groupInput: r.group ? r.input : undefined,
          branch: fanOut ? `${branch}/${t}` : branch,
        });
      }
    }
  };

  const routeError = (node: string, error: unknown, branch: string) => {
    if (stopAll.signal.aborted || scope.ctx.signal.aborted || unroutable(error)) throw error;
    const edge = (g.errorRoutes.get(node) ?? []).find(
      (e) => e.on === undefined || e.on.some((cls) => isA(cls, error)),
    );
    if (!edge) throw error;
    const errorType = typeName(error);
    scope.transition([node], [edge.to], errorType);
    arrive(edge.to, {
      node,
      stepId: undefined,
      errorType,
      edgeInput: edge.input,
      groupInput: undefined,
      branch,
    });
  };

  for (;;) {
    if (finished || failure) break;
    let launched = false;
    for (const node of [...arrivals.keys()]) {
      if (running.size >= g.maxConcurrency || failure) break;
      if (!running.has(node) && ready(node)) {
        launch(node);
        launched = true;
      }
    }
    if (launched) continue;
    if (running.size === 0) {
      const waiting = [...arrivals.keys()];
      fail(
        new GraphRoutingError(
          waiting.length > 0
            ? `graph ${scope.id} stalled: ${waiting.join(', ')} wait for inputs that cannot arrive`
            : `graph ${scope.id} stopped before reaching finish ${g.finish}`,
        ),
      );
      break;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = undefined;
  }
  await Promise.all(running.values());
  scope.ctx.signal.removeEventListener('abort', onRunStop);
  if (finished)
    return { response: finished.output, ...(finished.run.history ? { history: finished.run.history } : {}) };
  throw failure!.error;
}

/** A node's input from what arrived: the default text, or the edge's, group's or node's mapper. */
function inputOf(from: readonly Arrival[], spec: NodeSpec, task: string): Content {
  const inputs: NodeInputs = {
    task,
    from: from.map((a) => {
      // Assigned, not spread: built for every node run (graph-overhead benchmark).
      const f: { node: string; output?: string; errorType?: string } = { node: a.node };
      if (a.output !== undefined) f.output = a.output;
      if (a.errorType) f.errorType = a.errorType;
      return f;
    }),
  };
  const mappers: { edge?: InputMapper; group?: InputMapper; node?: InputMapper } = {};
  if (from.length === 1 && from[0]!.edgeInput) mappers.edge = from[0]!.edgeInput;
  const grouped = from.find((a) => a.groupInput);
  if (grouped) mappers.group = grouped.groupInput;
  if (spec.input) mappers.node = spec.input;
  return nodeInput(inputs, mappers);
}

/** The steps that fed a node (the start's arrival has none). A loop: flatMap is slow on V8. */
function stepIdsOf(from: readonly Arrival[]): string[] {
  const ids: string[] = [];
  for (const a of from) if (a.stepId) ids.push(a.stepId);
  return ids;
}

/** Nodes other than the start begin from an empty conversation (History is immutable: one serves all). */
const EMPTY_HISTORY = new History([]);

/** Cancellation, deadlines and cleanup failures end the Run; they are never routed. */
function unroutable(error: unknown): boolean {
  return (
    CancelledError.isInstance(error) ||
    DeadlineExceededError.isInstance(error) ||
    (error instanceof Error && /Cleanup/.test(error.name))
  );
}

function isA(cls: ErrorClass, error: unknown): boolean {
  const check = (cls as { isInstance?: (v: unknown) => boolean }).isInstance;
  return typeof check === 'function' ? check.call(cls, error) : error instanceof cls;
}

/** The branch a node runs on: what its arrivals' branches share (a join returns to the fork's branch). */
function commonBranch(branches: readonly string[]): string {
  if (branches.length === 0) return '';
  const first = branches[0]!;
  if (branches.every((b) => b === first)) return first; // the usual case: no split needed
  const parts = branches.map((b) => b.split('/'));
  const out: string[] = [];
  for (let i = 0; i < parts[0]!.length; i++) {
    const seg = parts[0]![i];
    if (parts.every((p) => p[i] === seg)) out.push(seg!);
    else break;
  }
  return out.join('/');
}
