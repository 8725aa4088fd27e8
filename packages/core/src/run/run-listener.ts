import type { AgentEvent } from '../events/events.ts';
import type { Listener, SubAgentParams } from '../listeners/listener.ts';
import type { RunEvent } from './run-events.ts';
import type { UsageMeter } from './run-usage.ts';

/** Where a Run's listener sends what it hears. */
export interface RunListenerSink {
  readonly runId: string;
  readonly meter: Pick<UsageMeter, 'add'>;
  readonly includeAgentEvents: boolean;
  /** Receives the Run's own agent's events. */
  readonly own: (event: AgentEvent) => void;
  readonly emit: (event: RunEvent) => void;
  /** The Run's observers alone, when it has any. */
  readonly observe: ((event: RunEvent) => void) | undefined;
}

/**
 * The listener a Run subscribes to its agent. Every response's tokens are
 * metered, the agent's own events go to `own`, and each nested agent (a
 * sub-agent, an agent used as a tool, the synthesizer) gets a view through
 * `forSubAgent` that knows its place in the tree, so its events reach the
 * Run as `agent-stream` events with a source path (`/researcher 0/file_miner 0_1`)
 * and its tokens are metered exactly once.
 */
export function runListener(ownId: string, sink: RunListenerSink): Listener {
  return {
    name: 'Run',
    onEvent: (event) => {
      if (event.type === 'tokens') sink.meter.add(event);
      // An event of another agent sent straight to this list is nested too.
      if (event.agentId === ownId) sink.own(event);
      else nested(sink, `/${event.agentId}`, event);
    },
    forSubAgent: (params) => nestedListener(sink, `/${params.id}`),
  };
}

function nestedListener(sink: RunListenerSink, path: string): Listener {
  return {
    name: 'Run',
    onEvent: (event) => {
      if (event.type === 'tokens') sink.meter.add(event);
      nested(sink, path, event);
    },
    forSubAgent: (params: SubAgentParams) => nestedListener(sink, `${path}/${params.id}`),
  };
}

function nested(sink: RunListenerSink, path: string, event: AgentEvent): void {
  // The public stream carries nested events only when asked; observers always see them.
  const to = sink.includeAgentEvents ? sink.emit : sink.observe;
  if (!to) return;
  const source = { agentId: event.agentId, path, parentOperationId: sink.runId };
  to({ type: 'agent-stream', runId: sink.runId, source, event });
}
