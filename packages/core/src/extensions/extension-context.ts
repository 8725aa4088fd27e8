import type { Interloper } from '../controls/interloper.ts';
import type { CloseHandler } from '../lifecycle/close-handler.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { AgentView } from './agent-view.ts';
import type { ExtensionContext } from './extension.ts';

/** What an agent lends its extensions' context. */
export interface ExtensionContextSource {
  readonly agent: AgentView;
  readonly listeners: ListenerList;
  /** The running turn's id, '' between turns (read at each emit). */
  readonly turnId: () => string;
  readonly armClose: (handler: CloseHandler) => void;
  /** Where `interject` queues; the loop drains it at each delivery point. */
  readonly inbox: Interloper;
}

/** The capabilities an agent hands its extensions (built once, when the first extension needs it). */
export function extensionContext(source: ExtensionContextSource): ExtensionContext {
  const { agent, listeners } = source;
  return {
    agent,
    emit: (name, data) =>
      listeners.emit({ type: 'domain', agentId: agent.id, turnId: source.turnId(), name, data }),
    interject: (content) => source.inbox.inject(content),
    onClose: (handler) => source.armClose(handler),
    subAgentListeners: (params) => listeners.forSubAgent(params),
  };
}
