import type { EventKey } from '../events/define-event.ts';
import type { HistoryMessage } from '../history/history-message.ts';
import type { CloseHandler } from '../lifecycle/close-handler.ts';
import type { SubAgentParams } from '../listeners/listener.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { Content } from '../messages/content.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { ToolEffect } from '../tool/tool-effects.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';
import type { TrifectaNode } from '../trifecta/node.ts';
import type { AgentView } from './agent-view.ts';
import type { Configurator } from './configurator.ts';

/** A tool call the model made, as {@link Extension.onToolCall} sees it before the call runs. */
export interface ExtensionToolCall {
  /** The tool's name, as the model called it. */
  readonly name: string;
  /** The call's raw arguments (JSON text), as the model wrote them. */
  readonly arguments: string;
  /**
   * What the call declares it does, from its validated arguments (see
   * `Tool.effects`); empty when the tool is unknown, declares nothing, or the
   * arguments do not validate (the call will fail and say so).
   */
  readonly effects: readonly ToolEffect[];
}

/**
 * The capabilities an extension gets once its agent is built: the only way
 * besides the loop itself to reach the agent's listeners.
 */
export interface ExtensionContext {
  /** What the extension may read of its agent. */
  readonly agent: AgentView;
  /**
   * Emits a `domain` event to the agent's listeners (carrying the current
   * turn's id, '' between turns); with a key from `defineEvent<T>` the data
   * is checked against `T`.
   */
  emit<T>(event: EventKey<T>, data?: T): void;
  /**
   * Queues a user-role message for the agent's model: delivered (stored as an
   * `injected` message, narrated as a mid-loop `user-turn`) as soon as the
   * running tool batch is answered, before the next model request, or at the
   * start of the next turn when none runs. Dropped by a clear or a load.
   */
  interject(content: Content): void;
  /**
   * Adds a tool the model can call from the next model request on (an MCP
   * server connected mid-conversation), as `agent.addTool` does.
   * @throws TypeError when a tool of that name exists.
   */
  addTool(tool: AnyTool): void;
  /** Removes the model-callable tool `name` from the next request on; returns whether it was there. */
  removeTool(name: string): boolean;
  /** Arms a teardown step, run by `agent.close()` (LIFO). */
  onClose(handler: CloseHandler): void;
  /** The listener list a sub-agent of this agent should use. */
  subAgentListeners(params: SubAgentParams): ListenerList;
}

/** What an extension adds to the agent's lethal-trifecta node. */
export interface TrifectaContribution {
  /** Extra legs keyed by a readable name, e.g. `{ 'extension:memory': {...} }`. */
  readonly legs?: Readonly<Record<string, TrifectaLegs>>;
  /** Sub-agent nodes the extension makes reachable (a sub-agent extension's personas). */
  readonly children?: readonly TrifectaNode[];
}

/**
 * A bundle of behaviour plugged into an agent at construction: tools,
 * prompt snippets, listeners, per-turn hooks. Every hook is optional.
 *
 * Contract: hooks run on the agent's own turn (never concurrently with it),
 * must not call `turn`, `clearConversation` or `loadHistory`, and an exception
 * from one propagates to whoever triggered it (construction, `turn`, a clear).
 * Extensions belong to one agent; sub-agents do not inherit them.
 */
export interface Extension {
  /** Shown in errors and the trifecta map. */
  readonly name: string;
  /** Runs inside the agent's configure callback, when the extension is added: add tools, listeners, snippets. */
  configure?(c: Configurator): void;
  /** Runs once the agent is fully built, with the capabilities the extension may keep. */
  bind?(context: ExtensionContext): void;
  /**
   * Runs after each user message is appended (and narrated). Return content to
   * inject right after it (e.g. recalled memories), or `undefined`. A throw
   * fails the turn and takes the message out of the conversation again.
   */
  onUserMessage?(
    context: ExtensionContext,
    content: Content,
  ): Content | undefined | Promise<Content | undefined>;
  /** Runs on every `clearConversation` (and history load), after the `reset` event. */
  onConversationReset?(context: ExtensionContext): void;
  /**
   * Runs after `loadHistory` replaced the conversation (after
   * `onConversationReset`), with the loaded messages: rebuild whatever state the
   * conversation records (an extension that derives its state from the
   * messages survives export/load and session continuation for free).
   */
  onHistoryLoaded?(context: ExtensionContext, messages: readonly HistoryMessage[]): void;
  /**
   * Runs for each tool call of a batch the model asked for, in model order,
   * after the batch's `tool-call` events and before any of its calls runs:
   * how an extension acts on what the model is about to do (skills promote
   * what a file fires, so the promotion lands in the same turn). An
   * extension that only watches uses a listener or a Run observer instead.
   * Runs only for the agent's own calls (sub-agents do not inherit
   * extensions). A throw ends the batch like a failing tool under `raise`.
   */
  onToolCall?(context: ExtensionContext, call: ExtensionToolCall): void;
  /** System-prompt sections, re-read whenever the prompt is assembled (construction, clear, load). */
  systemPromptSnippets?(): readonly string[];
  /** Legs and sub-agent nodes this extension adds to the agent's trifecta node. */
  trifectaContribution?(): TrifectaContribution;
}
