import type { Cancellable } from '../controls/cancellable.ts';
import type { Interloper } from '../controls/interloper.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { CloseHandler } from '../lifecycle/close-handler.ts';
import { runWithoutWaiting } from '../lifecycle/run-without-waiting.ts';
import type { Listener } from '../listeners/listener.ts';
import type { Model } from '../model/model.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { Extension } from './extension.ts';

/** What the agent tells its configurator: read-only facts plus where close handlers go. */
export interface ConfiguratorInit {
  readonly id: string;
  readonly model: Model;
  readonly streaming: boolean;
  readonly stepLimit: StepLimit | undefined;
  readonly cancellable: Cancellable | undefined;
  readonly interloper: Interloper | undefined;
}

/** What a finished configure phase produced. */
export interface Configuration {
  readonly tools: readonly AnyTool[];
  readonly subAgentTools: readonly AnyTool[];
  readonly listeners: readonly Listener[];
  readonly extensions: readonly Extension[];
  readonly snippets: readonly string[];
  /** Close handlers armed during configure, in arming order. */
  readonly closeHandlers: readonly CloseHandler[];
}

/**
 * The build-time collector handed to an agent's configure callback: the only
 * way to add tools, sub-agent-only tools, listeners, extensions, prompt
 * snippets and close handlers. Sealed once construction ends.
 */
export class Configurator {
  /** The agent's id ('' for a main agent). */
  readonly id: string;
  /** The model the agent starts with. */
  readonly model: Model;
  /** Whether the agent streams deltas. */
  readonly streaming: boolean;
  /** The agent's controls, for extensions that build sub-agents. */
  readonly stepLimit: StepLimit | undefined;
  readonly cancellable: Cancellable | undefined;
  readonly interloper: Interloper | undefined;
  readonly #closeHandlers: CloseHandler[] = [];
  readonly #tools: AnyTool[] = [];
  readonly #subAgentTools: AnyTool[] = [];
  readonly #listeners: Listener[] = [];
  readonly #extensions: Extension[] = [];
  readonly #snippets: string[] = [];
  readonly #names = new Set<string>();
  #sealed = false;

  constructor(init: ConfiguratorInit) {
    this.id = init.id;
    this.model = init.model;
    this.streaming = init.streaming;
    this.stepLimit = init.stepLimit;
    this.cancellable = init.cancellable;
    this.interloper = init.interloper;
  }

  /** Adds a tool the model can call. Names must be unique across both tool pools. */
  addTool(tool: AnyTool): this {
    this.#claim(tool.name);
    this.#tools.push(tool);
    return this;
  }

  /**
   * Adds a tool the model never sees, reachable only by sub-agents whose
   * persona names it: the trifecta defence (web tools behind a researcher).
   */
  addSubAgentTool(tool: AnyTool): this {
    this.#claim(tool.name);
    this.#subAgentTools.push(tool);
    return this;
  }

  /** Adds a listener (events are delivered in the order listeners were added). */
  addListener(listener: Listener): this {
    this.#open();
    this.#listeners.push(listener);
    return this;
  }

  /** Adds an extension and runs its `configure` now. */
  addExtension(extension: Extension): this {
    this.#open();
    this.#extensions.push(extension);
    extension.configure?.(this);
    return this;
  }

  /** Appends a fixed section to the system prompt. */
  appendSystemPrompt(snippet: string): this {
    this.#open();
    this.#snippets.push(snippet);
    return this;
  }

  /** Arms a teardown step for `agent.close()` (run last-armed first). */
  onClose(handler: CloseHandler): this {
    this.#open();
    this.#closeHandlers.push(handler);
    return this;
  }

  /** Ends the configure phase and hands over what was collected (also after a failed configure). */
  seal(): Configuration {
    this.#sealed = true;
    return {
      tools: this.#tools,
      subAgentTools: this.#subAgentTools,
      listeners: this.#listeners,
      extensions: this.#extensions,
      snippets: this.#snippets,
      closeHandlers: this.#closeHandlers,
    };
  }

  #open(): void {
    if (this.#sealed) throw new Error('the agent is built: configure it inside its configure callback');
  }

  #claim(name: string): void {
    this.#open();
    if (this.#names.has(name)) throw new TypeError(`duplicate tool name "${name}"`);
    this.#names.add(name);
  }
}

/**
 * Runs a configure callback over a fresh {@link Configurator}. If it throws,
 * the close handlers it armed run at once (last armed first, not awaited) and
 * the error is rethrown: a half-built agent leaks nothing.
 */
export function runConfigure(init: ConfiguratorInit, configure: (c: Configurator) => void): Configuration {
  const c = new Configurator(init);
  try {
    configure(c);
  } catch (error) {
    runWithoutWaiting(c.seal().closeHandlers);
    throw error;
  }
  return c.seal();
}
