import {
  type AnyTool,
  type AskOptions,
  type Content,
  History,
  NONE,
  Run,
  type Runnable,
  type RunnableToolOptions,
  type RunStream,
  runnableAsTool,
  type TrifectaLegs,
} from '@kodama/core';
import { RANDOM_IDS, SYSTEM_CLOCK } from '@kodama/core/ids';
import { type RunBody, type RunInit, validateAskOptions } from '@kodama/core/run';
import { combineLegs, relabelInbound } from '@kodama/core/trifecta';
import { copyJsonContext } from '../steps/json-context.ts';
import { AssemblyScope } from '../steps/scope.ts';
import { Trajectory } from '../steps/trajectory.ts';
import type { AssemblyKind } from './assembly-kind.ts';

/** A Run of an assembly: a core Run plus the steps it took. */
export class AssemblyRun<T = unknown> extends Run<T> {
  /** Every step, attempt and transition, filled while the Run runs. */
  readonly trajectory: Trajectory;

  constructor(init: RunInit, trajectory: Trajectory) {
    super(init);
    this.trajectory = trajectory;
  }
}

/** A streamed assembly Run: `run` settles with the {@link AssemblyRun}. */
export interface AssemblyRunStream<T = unknown> extends RunStream<T> {
  readonly run: Promise<AssemblyRun<T>>;
}

/** What an assembly's work returns: the final answer and the conversation the session keeps. */
export interface AssemblyOutcome {
  readonly response: string;
  /** The final participant's conversation (what a session stores); unchanged when absent. */
  readonly history?: History;
}

/**
 * A workflow, swarm or graph: a {@link Runnable} whose Run runs
 * participants as steps. Asked like an agent; usable as a participant of
 * another assembly and as a tool of an agent.
 */
export interface Assembly extends Runnable {
  readonly kind: AssemblyKind;
  /** What it does (the default tool description). */
  readonly description: string | undefined;
  createRun(input: Content | undefined, options?: AskOptions): AssemblyRun;
  ask(input: Content | undefined, options?: AskOptions): Promise<AssemblyRun>;
  stream(input: Content | undefined, options?: AskOptions): AssemblyRunStream;
  /** The participants it can run (for containment checks and the trifecta); workflows know none ahead. */
  participants(): readonly Runnable[];
}

/** How an assembly kind plugs into the shared machinery. */
export interface AssemblyDefinition {
  readonly kind: AssemblyKind;
  readonly id: string;
  readonly description?: string;
  readonly participants: () => readonly Runnable[];
  /**
   * Snapshots the definition for one Run (later edits affect only later
   * Runs) and checks it; returns the work. Throws a configuration error,
   * which fails that Run.
   */
  readonly prepare: () => (scope: AssemblyScope) => Promise<AssemblyOutcome>;
}

/** Builds the {@link Assembly} object around a definition: Runs, streams, asTool. */
export function assembly<A extends object = object>(definition: AssemblyDefinition, extra?: A): Assembly & A {
  const { kind, id } = definition;
  const createRun = (input: Content | undefined, options: AskOptions = {}): AssemblyRun => {
    validateAskOptions(options);
    const trajectory = new Trajectory();
    const body = assemblyBody(definition, trajectory);
    const runId = options.runId ?? RANDOM_IDS.next('run');
    return new AssemblyRun({ id: runId, body, input, options, clock: SYSTEM_CLOCK }, trajectory);
  };
  const self: Assembly = {
    id,
    kind,
    description: definition.description,
    createRun,
    ask: (input, options) => Promise.resolve().then(() => createRun(input, options).execute()),
    stream: (input, options) => createRun(input, options).stream() as AssemblyRunStream,
    participants: definition.participants,
    asTool: (options: RunnableToolOptions): AnyTool =>
      runnableAsTool(self, { ...options, trifectaLegs: relabelInbound(legsOf(self, new Set())) }),
    toString: () => `${kind}(${id})`,
  } as Assembly;
  return Object.assign(self, extra) as Assembly & A;
}

function assemblyBody(definition: AssemblyDefinition, trajectory: Trajectory): RunBody {
  let history = new History([]);
  const conversation = {
    model: { provider: 'kodama', modelId: `${definition.kind}:${definition.id}` },
    loadHistory: (h: History) => {
      history = h;
    },
    exportHistory: () => history,
  };
  return {
    conversation,
    execute: async (ctx) => {
      const work = definition.prepare();
      const context = copyJsonContext(ctx.options.appContext, 'AskOptions.appContext');
      const scope = new AssemblyScope({
        ctx,
        id: definition.id,
        kind: definition.kind,
        trajectory,
        history,
        context,
      });
      const outcome = await work(scope);
      if (outcome.history) history = outcome.history;
      return { response: outcome.response };
    },
  };
}

/** The worst legs over every participant that reports them (agents, assemblies). */
function legsOf(runnable: Runnable, seen: Set<Runnable>): TrifectaLegs {
  if (seen.has(runnable)) return NONE;
  seen.add(runnable);
  const trifecta = (runnable as { trifecta?: () => { legs: TrifectaLegs } }).trifecta;
  if (typeof trifecta === 'function') return trifecta.call(runnable).legs;
  const participants = (runnable as { participants?: () => readonly Runnable[] }).participants;
  if (typeof participants !== 'function') return NONE;
  return participants.call(runnable).reduce((legs, p) => combineLegs(legs, legsOf(p, seen)), NONE);
}

/** True when `runnable` is `target` or contains it among its participants, at any depth. */
export function contains(runnable: Runnable, target: Runnable, seen = new Set<Runnable>()): boolean {
  if (runnable === target) return true;
  if (seen.has(runnable)) return false;
  seen.add(runnable);
  const participants = (runnable as { participants?: () => readonly Runnable[] }).participants;
  if (typeof participants !== 'function') return false;
  return participants.call(runnable).some((p) => contains(p, target, seen));
}
