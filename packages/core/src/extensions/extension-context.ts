import type { Interloper } from '../controls/interloper.ts';
import type { CloseHandler } from '../lifecycle/close-handler.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { AgentView } from './agent-view.ts';
import type { ExtensionContext } from './extension.ts';

/** What an agent lends its extensions' context. */
export interface ExtensionContextSource {
  /** The agent, read-only for extensions except for adding and removing tools. */
  readonly agent: AgentView & { addTool(tool: AnyTool): void; removeTool(name: string): boolean };
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
    addTool: (tool) => source.agent.addTool(tool),
    removeTool: (name) => source.agent.removeTool(name),
    onClose: (handler) => source.armClose(handler),
    subAgentListeners: (params) => listeners.forSubAgent(params),
  };
}
