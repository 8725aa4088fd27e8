import { defineEvent } from '../events/define-event.ts';
import type { AgentEvent } from '../events/events.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { RunEndEvent, RunEvent, RunStartEvent } from './run-events.ts';

/**
 * A child Run began (a sub-agent, an agent used as a tool, a runnable used
 * as a tool): its `run-start`, as the domain event its parent's listeners
 * hear under the child's id, so the parent's Run streams it as an
 * `agent-stream` event with the child's path.
 */
export const CHILD_RUN_START = defineEvent<RunStartEvent>('run.start');

/** A child Run ended: its `run-end` (outcome, usage), carried like {@link CHILD_RUN_START}. */
export const CHILD_RUN_END = defineEvent<RunEndEvent>('run.end');

/**
 * Sends a child Run's events to the parent's listener views: its own agent's
 * events under `id`, its nested agents' (`agent-stream`) under their path
 * below `id`, its `run-start` / `run-end` as {@link CHILD_RUN_START} /
 * {@link CHILD_RUN_END}. Every `tokens` event reaches the views exactly
 * once, which is where the parent's Run counts it. Interjection notes and an
 * assembly's structure events stay inside the child.
 */
export function childForwarder(views: ListenerList, id: string): (event: RunEvent) => void {
  const byPath = new Map<string, ListenerList>([['', views]]);
  const viewAt = (path: string): ListenerList => {
    let view = byPath.get(path);
    if (view) return view;
    const cut = path.lastIndexOf('/');
    view = viewAt(path.slice(0, cut)).forSubAgent({ id: path.slice(cut + 1) });
    byPath.set(path, view);
    return view;
  };
  return (event) => {
    switch (event.type) {
      case 'agent-stream':
        viewAt(event.source.path.replace(/\/$/, '')).emit(event.event);
        return;
      case 'run-start':
        views.emit({ type: 'domain', agentId: id, turnId: '', name: CHILD_RUN_START, data: event });
        return;
      case 'run-end':
        views.emit({ type: 'domain', agentId: id, turnId: '', name: CHILD_RUN_END, data: event });
        return;
      default:
        if (!('agentId' in event) || !('turnId' in event)) return;
        views.emit({ ...(event as AgentEvent), agentId: id });
    }
  };
}
