import type { AgentEvent, RunEvent } from '@kodama/core';
import { isDeltaEvent } from '@kodama/core/events';
import { isTerminalEvent } from '@kodama/core/run';
import type { AssemblyScope } from './scope.ts';

/** Where a step's participant's own events go: `public` (the final participant), `buffer` (maybe final), `nested`. */
export type Visibility = 'public' | 'buffer' | 'nested';

/** A buffered step keeps at most this many events; past it, streamed fragments are dropped (the complete texts stay). */
export const STEP_BUFFER_LIMIT = 10_000;

/**
 * Routes one step's participant events into the assembly's Run. The
 * participant's own events go to the public stream only when it is the
 * final participant; otherwise (and its nested agents' events always) they
 * become `agent-stream` events under the assembly path (`/<participant>`),
 * on the public stream with `includeAgentEvents`, else to the observers.
 * Each event goes exactly one way, so every response's tokens are seen once.
 * The participant's own run-level events are dropped: the step events stand for them.
 */
export class EventRouter {
  readonly #scope: AssemblyScope;
  readonly #name: string;
  readonly #stepId: string;
  #visibility: Visibility;
  #buffer: AgentEvent[] = [];

  constructor(scope: AssemblyScope, name: string, stepId: string, visibility: Visibility) {
    this.#scope = scope;
    this.#name = name;
    this.#stepId = stepId;
    this.#visibility = visibility;
  }

  /** Routes one event of the participant's Run. */
  route(event: RunEvent): void {
    if (isTerminalEvent(event) || event.type === 'run-start' || event.type === 'interjection-delivered')
      return;
    if (event.type === 'agent-stream') {
      const to = this.#scope.nested;
      if (!to) return; // nobody listens: build nothing (a trivial step's events are most of its cost)
      const { source } = event;
      const path = `/${this.#name}${source.path}`;
      const nested = { agentId: source.agentId, path, parentOperationId: source.parentOperationId };
      to({ type: 'agent-stream', runId: this.#scope.ctx.runId, source: nested, event: event.event });
      return;
    }
    if (event.type.startsWith('assembly-')) {
      // A nested assembly's structure, under this participant's path.
      const to = this.#scope.nested;
      if (!to) return;
      const path = `/${this.#name}${(event as { path: string }).path}`;
      to(Object.assign({}, event, { runId: this.#scope.ctx.runId, path }));
      return;
    }
    const own = event as AgentEvent;
    if (this.#visibility === 'public') this.#scope.ctx.emit(own);
    else if (this.#visibility === 'buffer') this.#keep(own);
    else this.#asNested(own);
  }

  /** A buffered step turned out final: its events go public, in order. */
  publish(): void {
    const kept = this.#take();
    for (const event of kept) this.#scope.ctx.emit(event);
  }

  /** A buffered step turned out intermediate: its events are passed on as nested. */
  demote(): void {
    const kept = this.#take();
    for (const event of kept) this.#asNested(event);
  }

  #take(): AgentEvent[] {
    const kept = this.#buffer;
    this.#buffer = [];
    this.#visibility = 'nested';
    return kept;
  }

  #keep(event: AgentEvent): void {
    if (this.#buffer.length >= STEP_BUFFER_LIMIT && isDeltaEvent(event)) return;
    this.#buffer.push(event);
  }

  #asNested(event: AgentEvent): void {
    const to = this.#scope.nested;
    if (!to) return;
    const runId = this.#scope.ctx.runId;
    const source = { agentId: event.agentId, path: `/${this.#name}`, parentOperationId: this.#stepId };
    to({ type: 'agent-stream', runId, source, event });
  }
}
