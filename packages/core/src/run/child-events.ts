import type { AgentEvent } from '../events/events.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { RunEvent } from './run-events.ts';

/**
 * Sends a child Run's events to the parent's listener views: its own agent's
 * events under `id`, its nested agents' (`agent-stream`) under their path
 * below `id`. Every `tokens` event reaches the views exactly once, which is
 * where the parent's Run counts it. The child's run-level events
 * (`run-start`, `run-end`, interjection notes) and an assembly's structure
 * events stay inside the child: the views carry agent events only.
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
    if (event.type === 'agent-stream') viewAt(event.source.path.replace(/\/$/, '')).emit(event.event);
    else if ('agentId' in event && 'turnId' in event) views.emit({ ...(event as AgentEvent), agentId: id });
  };
}
