import type { Cancellable } from '../controls/cancellable.ts';
import type { Interloper } from '../controls/interloper.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { AgentView } from '../extensions/agent-view.ts';
import { type Configurator, runConfigure } from '../extensions/configurator.ts';
import type { Extension } from '../extensions/extension.ts';
import { ExtensionHost } from '../extensions/extension-host.ts';
import { History } from '../history/history.ts';
import type { CloseHandler } from '../lifecycle/close-handler.ts';
import { CloseHandlers } from '../lifecycle/close-handlers.ts';
import type { Listener } from '../listeners/listener.ts';
import { ListenerList } from '../listeners/listener-list.ts';
import { Conversation } from '../loop/conversation.ts';
import { narratedTurn } from '../loop/narrated-turn.ts';
import type { TurnContext } from '../loop/turn-context.ts';
import type { Content } from '../messages/content.ts';
import type { Model } from '../model/model.ts';
import { contextSize } from '../model/usage.ts';
import { Run, type RunStream } from '../run/run.ts';
import { type AskOptions, validateAskOptions } from '../run/run-options.ts';
import type { OutputOf, OutputSchemaInput } from '../structured/output-schema.ts';
import type { TaintGate } from '../taint/taint-gate.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { TrifectaReport } from '../trifecta/report.ts';
import { AgentDoor, turnAsRun } from './agent-door.ts';
import type { AgentOptions, TurnOptions } from './agent-options.ts';
import { type AgentSettings, agentSettings } from './agent-settings.ts';
import { agentTrifecta } from './agent-trifecta.ts';
import { type AsToolOptions, agentAsTool } from './as-tool.ts';
import { AgentClosedError, TurnInProgressError } from './errors.ts';
import { historyLoadedEvent, requireHistory } from './history-loaded.ts';
import { ModelState } from './model-state.ts';
import { assembleSystemPrompt } from './system-prompt.ts';
import { ToolSet } from './tool-set.ts';
import { buildTurnContext } from './turn-context-builder.ts';
import { validateAgentOptions, validateTurnOptions } from './validate-options.ts';

const NO_EXTENSIONS: readonly Extension[] = Object.freeze([]);

/**
 * An LLM agent: a model, a system prompt, tools, and a conversation it keeps
 * across turns. A thin shell: the loop is `runTurn` over one `TurnContext`
 * built per turn; the agent owns the controls, listeners, extensions and
 * conversation, and runs one turn at a time (any number of agents may run
 * concurrently in one process).
 *
 * Holding an agent grants read access, `turn`, `subscribe` and tool changes;
 * nothing public leads to emitting events. Controls (Cancellable, Interloper)
 * are the doors in from elsewhere while a turn runs.
 */
export class Agent implements AgentView {
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
  readonly #settings: AgentSettings;
  readonly #base: string;
  readonly #conversation: Conversation;
  readonly #models: ModelState;
  #snippets: readonly string[] = [];
  #systemPrompt: string | undefined;
  readonly #toolSet: ToolSet;
  readonly #listeners = new ListenerList();
  /** Present once an extension is configured (most agents have none: keep them small). */
  #host: ExtensionHost | undefined;
  #closeHandlers: CloseHandlers | undefined;
  #trifecta: TrifectaReport | undefined;
  /** The running turn's id; '' between turns. */
  #turnId = '';
  #inFlight = false;
  #closed = false;
  #doorMade: AgentDoor | undefined;
  #synthAnswer: string | undefined;

  /** @throws InvalidOptionError when an option is missing, mistyped or out of range. */
  constructor(options: AgentOptions) {
    validateAgentOptions(options);
    this.id = options.id ?? '';
    this.streaming = options.streaming ?? false;
    this.stepLimit = options.stepLimit;
    this.cancellable = options.cancellable;
    this.interloper = options.interloper;
    this.#models = new ModelState(options.model);
    this.#base = options.systemPrompt;
    this.#settings = agentSettings(options);
    this.#conversation = new Conversation(this.#settings.ids);
    this.#toolSet = new ToolSet(this.#settings.artifacts);
    if (options.configure) this.#configure(options.configure);
  }

  #configure(configure: (c: Configurator) => void): void {
    let built: ReturnType<typeof runConfigure>;
    try {
      built = runConfigure(this, configure);
      this.#toolSet.configure(built.tools, built.subAgentTools);
    } catch (error) {
      this.#closed = true;
      throw error;
    }
    for (const listener of built.listeners) this.#listeners.add(listener);
    if (built.extensions.length > 0) {
      const source = { agent: this, listeners: this.#listeners, turnId: () => this.#turnId };
      this.#host = new ExtensionHost(built.extensions, { ...source, armClose: (h) => this.#armClose(h) });
    }
    this.#snippets = built.snippets;
    for (const handler of built.closeHandlers) this.#armClose(handler);
    try {
      this.#host?.bind();
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
    return this.#models.model;
  }

  /** Tools the model can call, in declaration order. */
  get tools(): readonly AnyTool[] {
    return this.#toolSet.tools;
  }

  /** Tools the model never sees; reachable only by sub-agents whose persona names them. */
  get subAgentTools(): readonly AnyTool[] {
    return this.#toolSet.subAgentTools;
  }

  /** Extensions bound to this agent. */
  get extensions(): readonly Extension[] {
    return this.#host?.extensions ?? NO_EXTENSIONS;
  }

  /** The runtime taint gate (sub-agents inherit it). */
  get taintGate(): TaintGate | undefined {
    return this.#settings.taintGate;
  }

  /** Context window of the current model, known after the first turn (`undefined`: unknown). */
  get contextWindowCap(): number | undefined {
    return this.#models.cap;
  }

  /** The system prompt sent: base, fixed snippets, extension snippets (re-assembled on clear and load). */
  get systemPrompt(): string {
    this.#systemPrompt ??= assembleSystemPrompt(this.#base, this.#snippets, this.extensions);
    return this.#systemPrompt;
  }

  /** True while a turn runs. */
  get running(): boolean {
    return this.#inFlight;
  }

  /**
   * Attaches a listener after construction (a Run, a terminal, an inspector):
   * it receives every event from now on, after the listeners added earlier.
   * Returns the function that detaches it. Sub-agent views made before it
   * joined (`subAgentListeners`) do not include it.
   */
  subscribe(listener: Listener): () => void {
    return this.#listeners.add(listener);
  }

  /**
   * Adds a tool the model can call (an MCP server connected later, a skill's
   * tool), offered from the next model request on and in the trifecta report.
   * @throws TypeError when a tool of that name exists (in either pool).
   */
  addTool(tool: AnyTool): void {
    if (this.#closed) throw new AgentClosedError(this.id);
    this.#toolSet.add(tool);
    this.#trifecta = undefined;
  }

  /** Removes the model-callable tool `name` from the next model request on. Returns whether it was there. */
  removeTool(name: string): boolean {
    if (!this.#toolSet.remove(name)) return false;
    this.#trifecta = undefined;
    return true;
  }

  /**
   * Runs one turn: appends `userMessage` (a blank or absent one runs a bare
   * turn over what the conversation and the Interloper hold) and loops until
   * the model answers without tool calls. Resolves with the final answer.
   * Narrated from `turn-start` to `turn-end`, whatever the outcome.
   *
   * @throws InvalidOptionError for a bad option, before anything starts.
   * @throws TurnInProgressError when a turn of this agent is already running.
   * @throws CancelledError, StepLimitExceeded (policy `raise`), EmptyTurnError,
   *   OutputTruncatedError, ModelError (DuplicateToolCallIdError among them),
   *   or a tool's exception (policy `raise`); the conversation is repaired
   *   first, so it can be sent again.
   */
  async turn(userMessage?: Content, options: TurnOptions = {}): Promise<string> {
    validateTurnOptions(options);
    if (this.#closed) throw new AgentClosedError(this.id);
    if (this.#inFlight) throw new TurnInProgressError(this.id, 'run a turn');
    return turnAsRun(this.#door(), userMessage, options, this.interloper, this.#settings.clock);
  }

  /** The loop of one turn: what a Run of this agent runs (through {@link Agent.#door}). */
  async #turn(userMessage: Content | undefined, options: TurnOptions): Promise<string> {
    this.#enter('run a turn');
    try {
      this.#synthAnswer = undefined;
      (options.stepLimit ?? this.stepLimit)?.reset();
      this.cancellable?.reset();
      const from = this.#models.switchTo(options.model);
      const ctx = this.#turnContext(userMessage, options);
      this.#turnId = ctx.settings.turnId;
      try {
        const result = await narratedTurn(ctx, () => this.#models.announce(ctx, from));
        if (result.synthesized) this.#synthAnswer = result.answer;
        return result.answer;
      } finally {
        this.#models.contextTokens = ctx.state.tally.contextTokens;
      }
    } finally {
      this.#turnId = '';
      this.#inFlight = false;
    }
  }

  #turnContext(userMessage: Content | undefined, options: TurnOptions): TurnContext {
    const parts = {
      agentId: this.id,
      settings: this.#settings,
      model: this.#models.model,
      contextWindow: () => this.#models.cap,
      contextTokens: this.#models.contextTokens,
      system: this.systemPrompt,
      tools: { current: () => this.#toolSet.table() },
      conversation: this.#conversation,
      stepLimit: options.stepLimit ?? this.stepLimit,
      interloper: this.interloper,
      streaming: this.streaming,
      cancellable: this.cancellable,
      listeners: this.#listeners,
      host: this.#host,
      artifactHolder: this.#toolSet.artifactHolder,
    };
    return buildTurnContext(parts, userMessage, options);
  }

  /** A dormant Run of `input` (start it with `execute()` or `stream()`). @throws InvalidOptionError before a Run exists. */
  createRun<S extends OutputSchemaInput | undefined = undefined>(
    input: Content | undefined,
    options: AskOptions<S> = {},
  ): Run<OutputOf<S>> {
    validateAskOptions(options);
    if (this.#closed) throw new AgentClosedError(this.id);
    const { ids, clock } = this.#settings;
    return new Run({ id: options.runId ?? ids.next('run'), agent: this.#door(), input, options, clock });
  }

  /**
   * Asks once; resolves with the finished Run (outcome, response, usage,
   * error, history; `output` with a schema). Rejects only for bad options.
   */
  ask<S extends OutputSchemaInput | undefined = undefined>(
    input: Content | undefined,
    options: AskOptions<S> = {},
  ): Promise<Run<OutputOf<S>>> {
    return Promise.resolve().then(() => this.createRun(input, options).execute());
  }

  /** Asks once, streaming the Run's events; `await stream.run` gives the finished Run. @throws InvalidOptionError */
  stream<S extends OutputSchemaInput | undefined = undefined>(
    input: Content | undefined,
    options: AskOptions<S> = {},
  ): RunStream<OutputOf<S>> {
    return this.createRun(input, options).stream();
  }

  /** What this agent's Runs drive: the agent with the turn loop itself as `turn` (made at the first Run). */
  #door(): AgentDoor {
    this.#doorMade ??= new AgentDoor(this, (message, options) => this.#turn(message, options));
    return this.#doorMade;
  }

  #enter(action: string): void {
    if (this.#closed) throw new AgentClosedError(this.id);
    if (this.#inFlight) throw new TurnInProgressError(this.id, action);
    this.#inFlight = true;
  }

  #exclusively<T>(action: string, work: () => T): T {
    this.#enter(action);
    try {
      return work();
    } finally {
      this.#inFlight = false;
    }
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
    this.#exclusively('clear the conversation', () => this.#clear());
  }

  #clear(): void {
    this.#conversation.clear();
    this.#models.contextTokens = undefined;
    this.#systemPrompt = undefined;
    this.#synthAnswer = undefined;
    this.stepLimit?.reset();
    this.cancellable?.reset();
    this.interloper?.drain();
    this.#listeners.emit({ type: 'reset', agentId: this.id, turnId: '' });
    this.#host?.reset();
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
    requireHistory(history);
    return this.#exclusively('load a history', () => {
      this.#clear();
      const repaired = history.repairInterruptedToolCalls(this.#settings.ids);
      this.#conversation.replace(repaired.messages);
      const loaded = historyLoadedEvent(this.id, repaired.messages);
      this.#models.contextTokens = contextSize(loaded.tokens?.usage);
      this.#listeners.emit(loaded);
      this.#host?.loaded(repaired.messages);
      return repaired.messages.length;
    });
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
    const m = this.#models.model;
    return `Agent(id=${this.id}, model=${m.provider}:${m.modelId}, tools=${this.#toolSet.tools.length}, listeners=[${this.#listeners.names().join(', ')}])`;
  }

  /** Same as {@link describe}. */
  toString = (): string => this.describe();

  /** This agent as a tool of another agent: `task` in, its final answer out (see {@link agentAsTool}). */
  asTool(options: AsToolOptions): AnyTool {
    return agentAsTool(this, options);
  }

  /** This agent's lethal-trifecta picture (its tools, extension contributions and sub-agents). Memoized until the tools change. */
  trifecta(): TrifectaReport {
    this.#trifecta ??= agentTrifecta(this.id || 'main', this.#toolSet.tools, this.extensions);
    return this.#trifecta;
  }
}
