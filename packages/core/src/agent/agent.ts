import type { Cancellable } from '../controls/cancellable.ts';
import type { Interloper } from '../controls/interloper.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { Emit } from '../events/events.ts';
import { type Configurator, runConfigure } from '../extensions/configurator.ts';
import type { CloseHandler, Extension, ExtensionContext } from '../extensions/extension.ts';
import { History } from '../history/history.ts';
import { ListenerList } from '../listeners/listener-list.ts';
import { Conversation } from '../loop/conversation.ts';
import { runTurn } from '../loop/run-turn.ts';
import { DIRECT_STEP_RUNNER, type StepRunner } from '../loop/step-runner.ts';
import type { Content } from '../messages/content.ts';
import type { Model } from '../model/model.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { TrifectaReport } from '../trifecta/report.ts';
import type { AgentOptions, RunOptions, ToolFailurePolicy } from './agent-options.ts';
import { agentTrifecta } from './agent-trifecta.ts';
import { CloseHandlers } from './close-handlers.ts';
import { AgentClosedError, TurnInProgressError } from './errors.ts';
import { historyLoadedEvent } from './history-loaded.ts';
import { prepareModel } from './model-switch.ts';
import { assembleSystemPrompt } from './system-prompt.ts';
import { ToolTable, turnConfig } from './turn-config.ts';

const NONE: readonly never[] = Object.freeze([]);
const NO_LISTENERS = new ListenerList();

/**
 * An LLM agent: a model, a system prompt, tools, and a conversation it keeps
 * across turns. A thin shell: the loop is `runTurn`; the agent owns the
 * controls, listeners, extensions and conversation, and runs one turn at a
 * time (any number of agents may run concurrently in one process).
 *
 * Holding an agent grants read access and `run`; nothing public leads to
 * emitting events. Controls (Cancellable, Interloper) are the doors in from
 * elsewhere while a turn runs.
 */
export class Agent {
  /** '' for a main agent; persona-rooted for sub-agents. Carried by every event. */
  readonly id: string;
  /** Whether the agent emits streaming deltas. */
  readonly streaming: boolean;
  /** The step budget, if any. */
  readonly stepLimit: StepLimit | undefined;
  /** The cancel control, if any (share it with sub-agents so one cancel stops the tree). */
  readonly cancellable: Cancellable | undefined;
  /** The mid-turn message queue, if any. */
  readonly interloper: Interloper | undefined;
  #model: Model;
  readonly #base: string;
  #snippets: readonly string[] = NONE;
  #systemPrompt: string | undefined;
  #tools: readonly AnyTool[] = NONE;
  #subAgentTools: readonly AnyTool[] = NONE;
  #listeners: ListenerList = NO_LISTENERS;
  #extensions: readonly Extension[] = NONE;
  #closeHandlers: CloseHandlers | undefined;
  readonly #toolFailures: ToolFailurePolicy;
  readonly #maxResultTokens: number | undefined;
  readonly #stepRunner: StepRunner;
  readonly #conversation = new Conversation();
  #toolTable: ToolTable | undefined;
  #cap: number | undefined;
  #capAnnounced = false;
  #inFlight = false;
  #closed = false;
  #synthAnswer: string | undefined;
  #context: ExtensionContext | undefined;
  #trifecta: TrifectaReport | undefined;

  constructor(options: AgentOptions) {
    this.id = options.id ?? '';
    this.streaming = options.streaming ?? false;
    this.stepLimit = options.stepLimit;
    this.cancellable = options.cancellable;
    this.interloper = options.interloper;
    this.#model = options.model;
    this.#base = options.systemPrompt;
    this.#toolFailures = options.toolFailures ?? 'raise';
    this.#maxResultTokens = options.maxResultTokens;
    this.#stepRunner = options.stepRunner ?? DIRECT_STEP_RUNNER;
    if (options.configure) this.#configure(options.configure);
  }

  #configure(configure: (c: Configurator) => void): void {
    let built: ReturnType<typeof runConfigure>;
    try {
      built = runConfigure(this, configure);
    } catch (error) {
      this.#closed = true;
      throw error;
    }
    this.#tools = built.tools;
    this.#subAgentTools = built.subAgentTools;
    this.#listeners = built.listeners.length > 0 ? new ListenerList(built.listeners) : NO_LISTENERS;
    this.#extensions = built.extensions;
    this.#snippets = built.snippets;
    for (const handler of built.closeHandlers) this.#armClose(handler);
    try {
      for (const ext of this.#extensions) ext.bind?.(this.#extensionContext());
    } catch (error) {
      this.#closed = true;
      this.#closeHandlers?.fireNow();
      throw error;
    }
  }

  #armClose(handler: CloseHandler): void {
    if (this.#closed) throw new AgentClosedError(this.id);
    this.#closeHandlers ??= new CloseHandlers(this);
    this.#closeHandlers.arm(handler);
  }

  /** The current model. */
  get model(): Model {
    return this.#model;
  }

  /** Tools the model can call, in declaration order. */
  get tools(): readonly AnyTool[] {
    return this.#tools;
  }

  /** Tools the model never sees; reachable only by sub-agents whose persona names them. */
  get subAgentTools(): readonly AnyTool[] {
    return this.#subAgentTools;
  }

  /** Extensions bound to this agent. */
  get extensions(): readonly Extension[] {
    return this.#extensions;
  }

  /** Context window of the current model, known after the first turn (`undefined`: unknown). */
  get contextWindowCap(): number | undefined {
    return this.#cap;
  }

  /** The system prompt sent: base, fixed snippets, extension snippets (re-assembled on clear and load). */
  get systemPrompt(): string {
    this.#systemPrompt ??= assembleSystemPrompt(this.#base, this.#snippets, this.#extensions);
    return this.#systemPrompt;
  }

  /** True while a turn runs. */
  get running(): boolean {
    return this.#inFlight;
  }

  /**
   * Runs one turn: appends `userMessage` (a blank or absent one runs a bare
   * turn over what the conversation and the Interloper hold) and loops until
   * the model answers without tool calls. Resolves with the final answer.
   *
   * @throws TurnInProgressError when a turn of this agent is already running.
   * @throws CancelledError, StepLimitExceeded (policy `raise`), EmptyTurnError,
   *   ModelError, or a tool's exception (policy `raise`); the conversation is
   *   repaired first, so it can be sent again.
   */
  async run(userMessage?: Content, options: RunOptions = {}): Promise<string> {
    this.#enter('run');
    try {
      this.#synthAnswer = undefined;
      this.stepLimit?.reset();
      this.cancellable?.reset();
      const signal = this.cancellable?.signal ?? new AbortController().signal;
      const listeners = this.#listeners;
      const emit: Emit = (event) => listeners.emit(event);
      const prepared = await prepareModel(
        this.#model,
        options.model,
        !this.#capAnnounced,
        this.id,
        emit,
        signal,
      );
      this.#model = prepared.model;
      if (prepared.probed) {
        this.#cap = prepared.cap;
        this.#capAnnounced = true;
      }
      this.#toolTable ??= new ToolTable(this.#tools);
      const result = await runTurn(
        { conversation: this.#conversation, stepLimit: this.stepLimit, interloper: this.interloper },
        turnConfig(
          {
            agentId: this.id,
            model: this.#model,
            system: this.systemPrompt,
            tools: this.#toolTable,
            streaming: this.streaming,
            toolFailures: this.#toolFailures,
            maxResultTokens: this.#maxResultTokens,
            stepRunner: this.#stepRunner,
            extensions: this.#extensions,
            extensionContext: () => this.#extensionContext(),
            listeners: this.#listeners,
          },
          userMessage,
        ),
        emit,
        signal,
      );
      if (result.synthesized) this.#synthAnswer = result.answer;
      return result.answer;
    } finally {
      this.#inFlight = false;
    }
  }

  #enter(action: string): void {
    if (this.#closed) throw new AgentClosedError(this.id);
    if (this.#inFlight) throw new TurnInProgressError(this.id, action);
    this.#inFlight = true;
  }

  /** Final answer of the most recent turn: the synthesizer's when it answered, else the last assistant text. */
  lastAssistantContent(): string | undefined {
    return this.#synthAnswer ?? this.#conversation.lastAssistantText();
  }

  /**
   * Returns to a fresh conversation, keeping all wiring (tools, listeners,
   * extensions, model): clears the messages, re-assembles the system prompt,
   * resets the controls (dropping queued injections), emits `reset`, then
   * calls each extension's `onConversationReset`.
   */
  clearConversation(): void {
    this.#enter('clear the conversation');
    try {
      this.#clear();
    } finally {
      this.#inFlight = false;
    }
  }

  #clear(): void {
    this.#conversation.clear();
    this.#systemPrompt = undefined;
    this.#synthAnswer = undefined;
    this.stepLimit?.reset();
    this.cancellable?.reset();
    this.interloper?.drain();
    this.#listeners.emit({ type: 'reset', agentId: this.id });
    for (const ext of this.#extensions) ext.onConversationReset?.(this.#extensionContext());
  }

  /**
   * The conversation as a {@link History}: messages, tool calls and results,
   * reasoning (including what is withheld from a switched model), images,
   * per-message usage and model id. No system prompt: a load re-assembles today's.
   */
  exportHistory(): History {
    return new History(this.#conversation.entries);
  }

  /**
   * Replaces the conversation with a saved one, keeping all wiring. Clears
   * first (as `clearConversation`), answers tool calls whose results never
   * arrived, then emits `history-loaded`. Returns the number of messages restored.
   *
   * @throws TypeError when `history` is not a History (parse bytes with `History.parse` / `History.load`).
   */
  loadHistory(history: History): number {
    if (!(history instanceof History)) {
      throw new TypeError(
        'loadHistory expects a History; build one from stored bytes with History.parse(json) or await History.load(path)',
      );
    }
    this.#enter('load a history');
    try {
      this.#clear();
      const repaired = history.repairInterruptedToolCalls();
      this.#conversation.replace(repaired.messages);
      this.#listeners.emit(historyLoadedEvent(this.id, repaired.messages));
      return repaired.messages.length;
    } finally {
      this.#inFlight = false;
    }
  }

  /**
   * Releases what the agent holds: runs every close handler, last armed
   * first, each isolated (a failing one is reported as a process warning and
   * the rest still run). Idempotent. An agent never closed has its handlers
   * run when it is garbage-collected or at process exit.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#closeHandlers?.close(this.id);
  }

  /** One line for a banner or a debug print: `Agent(id=, model=openai:gpt-5, tools=4, listeners=[Terminal])`. */
  describe(): string {
    const m = this.#model;
    return `Agent(id=${this.id}, model=${m.provider}:${m.modelId}, tools=${this.#tools.length}, listeners=[${this.#listeners.names().join(', ')}])`;
  }

  /** Same as {@link describe}. */
  toString(): string {
    return this.describe();
  }

  /** This agent's lethal-trifecta picture (its tools, extension contributions and sub-agents). Memoized. */
  trifecta(): TrifectaReport {
    this.#trifecta ??= agentTrifecta(this.id || 'main', this.#tools, this.#extensions);
    return this.#trifecta;
  }

  #extensionContext(): ExtensionContext {
    this.#context ??= {
      agent: this,
      emit: (name, data) => this.#listeners.emit({ type: 'domain', agentId: this.id, name, data }),
      onClose: (handler) => this.#armClose(handler),
      subAgentListeners: (params) => this.#listeners.forSubAgent(params),
    };
    return this.#context;
  }
}
