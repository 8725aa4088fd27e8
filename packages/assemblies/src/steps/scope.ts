import type { History, RunEvent } from '@kodama/core';
import type { AssemblyEvent, RunBodyContext } from '@kodama/core/run';
import type { AssemblyKind } from '../runnable/assembly-kind.ts';
import type { Trajectory } from './trajectory.ts';

type WithoutBase<E> = E extends AssemblyEvent
  ? Omit<E, 'runId' | 'assemblyId' | 'assemblyKind' | 'path'>
  : never;

/** What an assembly's steps share during one Run: the Run's context, the trajectory, the inherited input. */
export class AssemblyScope {
  readonly ctx: RunBodyContext;
  readonly id: string;
  readonly kind: AssemblyKind;
  readonly trajectory: Trajectory;
  /** The conversation children inherit (the session's or the `history` option's). */
  readonly history: History;
  /** The JSON context children inherit (a copy each). */
  readonly context: unknown;
  #steps = 0;
  #transitions = 0;

  constructor(init: {
    ctx: RunBodyContext;
    id: string;
    kind: AssemblyKind;
    trajectory: Trajectory;
    history: History;
    context: unknown;
  }) {
    this.ctx = init.ctx;
    this.id = init.id;
    this.kind = init.kind;
    this.trajectory = init.trajectory;
    this.history = init.history;
    this.context = init.context;
  }

  /** The Run's input as text (what default node inputs quote). */
  get inputText(): string {
    const input = this.ctx.input;
    if (input === undefined) return '';
    if (typeof input === 'string') return input;
    return input
      .map((part) => (part.type === 'text' ? part.text : ''))
      .filter((t) => t !== '')
      .join('\n');
  }

  /** A new step id, unique within the Run. */
  nextStepId(): string {
    return `${this.id}:${++this.#steps}`;
  }

  /** Emits an assembly event of this assembly (public: assembly events are the Run's structure). */
  emit(event: WithoutBase<AssemblyEvent>): void {
    // Object.assign, not object spread: on Node 20 spreading differently shaped
    // events costs microseconds each, a visible share of a trivial step (graph-overhead).
    const base = { runId: this.ctx.runId, assemblyId: this.id, assemblyKind: this.kind, path: '' };
    this.ctx.emit(Object.assign(base, event) as RunEvent);
  }

  /** Records and emits a transition. */
  transition(from: readonly string[], to: readonly string[], errorType?: string): void {
    const step = ++this.#transitions;
    const t: { step: number; from: string[]; to: string[]; errorType?: string } = {
      step,
      from: from.slice(),
      to: to.slice(),
    };
    if (errorType) t.errorType = errorType;
    this.trajectory.transition(t);
    this.emit(Object.assign({ type: 'assembly-transition' as const }, t));
  }

  /** Where nested events go: the public stream with `includeAgentEvents`, else the observers alone. */
  get nested(): ((event: RunEvent) => void) | undefined {
    return this.ctx.options.includeAgentEvents === true ? this.ctx.emit : this.ctx.observe;
  }
}
