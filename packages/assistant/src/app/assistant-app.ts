import { type Agent, History, type Model, type RunEvent } from '@kodama/core';
import { Editor, matchesKey, Text, TUI } from '@mariozechner/pi-tui';
import { type SlashContext, slashCommands } from '../commands/slash-commands.ts';
import type { ConfirmAnswer, ConfirmQuestion, ConfirmRequest } from '../confirm/confirm-types.ts';
import { InlineConfirmer } from '../confirm/inline-confirmer.ts';
import { TaskListEntry, type TaskView } from '../render/entries.ts';
import { StatusLine } from '../render/status-line.ts';
import { Transcript } from '../render/transcript.ts';
import { truncate } from '../render/width.ts';
import type { AssistantOptions } from './assistant-options.ts';
import { ConfirmPrompt } from './confirm-prompt.ts';
import { editorTheme } from './editor-theme.ts';
import { PromptHistory } from './prompt-history.ts';
import { Turn } from './turn.ts';
import { UsageTotals } from './usage-totals.ts';

/** How long a first Ctrl+C at an empty prompt waits for the second. */
const EXIT_WINDOW_MS = 2000;

/**
 * The interactive assistant: the transcript, the queued steering messages,
 * the task list, the confirmation question, the input and the status line,
 * on one pi-tui screen. Enter sends; typing while a turn runs queues a
 * steering message for the next tool boundary; Ctrl+C or Esc cancels a turn;
 * Ctrl+C twice at an empty prompt, or Ctrl+D, exits; Ctrl+O folds and
 * unfolds tool results and reasoning.
 */
export class AssistantApp {
  readonly tui: TUI;
  readonly transcript: Transcript;
  readonly status: StatusLine;
  readonly confirmer: InlineConfirmer;
  readonly #options: AssistantOptions;
  readonly #editor: Editor;
  readonly #queuedView = new Text('', 0, 0);
  readonly #tasks: TaskListEntry;
  /** Where the confirmation question shows, above the input. */
  readonly #confirmArea = {
    render: (width: number) => this.#prompt?.render(width) ?? [],
    invalidate: () => {},
  };
  readonly #usage = new UsageTotals();
  readonly #history: PromptHistory;
  readonly #now: () => number;
  #agent: Agent | undefined;
  #sessionId: string;
  #model: Model | undefined;
  #turn: Turn | undefined;
  #queued: string[] = [];
  #prompt: ConfirmPrompt | undefined;
  #lastCtrlC = -Infinity;
  #spinner: ReturnType<typeof setInterval> | undefined;
  #exited: (() => void) | undefined;
  readonly #closed: Promise<void>;

  constructor(options: AssistantOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#sessionId = options.sessionId;
    this.#history = new PromptHistory(options.historyFile);
    const theme = options.theme;
    this.tui = new TUI(options.terminal);
    this.transcript = new Transcript(theme);
    this.#tasks = new TaskListEntry(theme);
    this.#editor = new Editor(this.tui, editorTheme(theme), { paddingX: 1 });
    this.#editor.onSubmit = (text) => void this.submit(text);
    this.status = new StatusLine(
      {
        model: '',
        contextTokens: undefined,
        contextWindow: undefined,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
        sessionId: options.sessionId,
        busySince: undefined,
      },
      theme,
      this.#now,
    );
    this.confirmer = new InlineConfirmer(
      (q, signal) => this.#ask(q, signal),
      (request, reason) => this.#onReason(request, reason),
    );
    for (const c of [
      this.transcript,
      this.#queuedView,
      this.#tasks,
      this.#confirmArea,
      this.#editor,
      this.status,
    ])
      this.tui.addChild(c);
    this.tui.setFocus(this.#editor);
    this.tui.addInputListener((data) => (this.#onKey(data) ? { consume: true } : undefined));
    this.#closed = new Promise((resolve) => {
      this.#exited = resolve;
    });
  }

  /** The agent, once started. */
  get agent(): Agent {
    if (!this.#agent) throw new Error('the assistant has not started');
    return this.#agent;
  }

  get sessionId(): string {
    return this.#sessionId;
  }

  get busy(): boolean {
    return this.#turn !== undefined;
  }

  /** Builds the agent, draws a continued session, starts the screen; resolves when the user exits. */
  async run(): Promise<void> {
    this.#agent = await this.#options.buildAgent({
      confirmer: this.confirmer,
      taintGate: this.confirmer.taintGate,
    });
    const m = this.#agent.model;
    this.status.update({ model: `${m.provider}:${m.modelId}`, contextWindow: this.#agent.contextWindowCap });
    for (const p of await this.#history.load()) this.#editor.addToHistory(p);
    this.#editor.setAutocompleteProvider(slashCommands.autocomplete());
    await this.resume(this.#sessionId, false);
    this.tui.start();
    this.tui.requestRender();
    if (this.#options.initialPrompt) void this.submit(this.#options.initialPrompt);
    await this.#closed;
  }

  /** Switches to a stored session (or a new one of that id), drawing what it holds. */
  async resume(id: string, announce = true): Promise<void> {
    const stored = await this.#options.store.load(id);
    this.#sessionId = id;
    this.transcript.clear();
    this.#tasks.set([]);
    if (stored && stored.messages.length > 0) {
      this.agent.loadHistory(new History(stored.messages));
      this.transcript.replay(stored.messages);
      this.transcript.notice(`continued session ${id} (${stored.messages.length} messages)`);
    } else {
      this.agent.clearConversation();
      if (announce) this.transcript.notice(`new session ${id}`);
    }
    this.#usage.setContext(undefined);
    this.#refreshStatus();
  }

  /** Sends the input: a slash command, a steering message while a turn runs, else a new turn. */
  async submit(text: string): Promise<void> {
    const prompt = text.trim();
    if (prompt === '') return;
    this.#editor.addToHistory(prompt);
    void this.#history.add(prompt);
    if (prompt.startsWith('/') && !prompt.startsWith('//')) {
      await slashCommands.run(prompt, this.#slashContext());
      this.tui.requestRender();
      return;
    }
    if (this.#turn) {
      this.#queued.push(prompt);
      this.#turn.steer(prompt);
      this.#drawQueued();
      return;
    }
    await this.#runTurn(prompt);
  }

  async #runTurn(prompt: string): Promise<void> {
    this.transcript.user(prompt);
    const turn = new Turn(
      this.agent,
      prompt,
      { id: this.#sessionId, store: this.#options.store },
      this.#model,
    );
    this.#model = undefined;
    this.#turn = turn;
    this.#startSpinner();
    try {
      const run = await turn.run({
        onEvent: (e) => this.#onEvent(e),
        onDelivered: (count) => {
          for (const text of this.#queued.splice(0, count)) this.transcript.user(text, '» ');
          this.#drawQueued();
        },
      });
      this.#usage.onRunEnd(run.usage);
    } catch (error) {
      this.transcript.notice(`error: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      this.#turn = undefined;
      this.#stopSpinner();
      this.#refreshStatus();
    }
    const left = turn.takeUndelivered();
    if (left.length > 0) {
      this.#queued = [];
      this.#drawQueued();
      await this.#runTurn(left.join('\n\n'));
    }
  }

  #onEvent(event: RunEvent): void {
    this.transcript.onEvent(event);
    if (event.type === 'tokens') this.#usage.onTokens(event);
    else if (event.type === 'context-cap' && event.agentId === '')
      this.status.update({ contextWindow: event.cap });
    else if (event.type === 'model-switched' && event.agentId === '')
      this.status.update({ model: `${event.to.provider}:${event.to.modelId}` });
    else if (event.type === 'domain' && event.name === 'tasks-changed' && event.agentId === '') {
      const tasks = (event.data as { tasks?: readonly TaskView[] } | undefined)?.tasks;
      if (Array.isArray(tasks)) this.#tasks.set(tasks);
    } else if (event.type === 'reset' && event.agentId === '') this.#tasks.set([]);
    if (event.type === 'tokens' || event.type === 'turn-end') this.#refreshStatus();
    this.tui.requestRender();
  }

  /** Cancels the running turn (the conversation stays valid). */
  cancel(): void {
    this.#turn?.cancel();
  }

  /** Stops the screen and resolves {@link run}. */
  exit(): void {
    this.#turn?.cancel();
    this.#stopSpinner();
    this.tui.stop();
    this.#exited?.();
  }

  /** Switches the model from the next turn on. */
  async switchModel(target: string): Promise<void> {
    const model = await this.#options.resolveModel(target);
    this.#model = model;
    this.status.update({ model: `${model.provider}:${model.modelId}` });
  }

  /** A fresh conversation under a new session id (the old one stays saved). */
  clear(): void {
    this.agent.clearConversation();
    this.#sessionId = this.#options.newSessionId();
    this.confirmer.reset();
    this.transcript.clear();
    this.#tasks.set([]);
    this.#usage.setContext(undefined);
    this.transcript.notice(`cleared; new session ${this.#sessionId}`);
    this.#refreshStatus();
  }

  #slashContext(): SlashContext {
    return {
      app: this,
      agent: this.agent,
      store: this.#options.store,
      info: this.#options.info ?? {},
      usage: this.#usage,
      say: (text, kind) => this.transcript.notice(text, kind),
    };
  }

  #onKey(data: string): boolean {
    if (this.#prompt) {
      if (matchesKey(data, 'ctrl+c')) {
        this.#prompt.handleKey('\x1b');
        this.cancel();
      } else this.#prompt.handleKey(data);
      this.#drawPrompt();
      return true;
    }
    if (matchesKey(data, 'ctrl+c')) {
      this.#onCtrlC();
      return true;
    }
    if (matchesKey(data, 'escape') && this.#turn) {
      this.cancel();
      return true;
    }
    if (matchesKey(data, 'ctrl+d') && this.#editor.getText() === '') {
      this.exit();
      return true;
    }
    if (matchesKey(data, 'ctrl+o')) {
      this.transcript.setExpanded(!this.transcript.expanded);
      this.tui.requestRender(true);
      return true;
    }
    return false;
  }

  #onCtrlC(): void {
    if (this.#turn) {
      this.cancel();
      return;
    }
    if (this.#editor.getText() !== '') {
      this.#editor.setText('');
      this.tui.requestRender();
      return;
    }
    const now = this.#now();
    if (now - this.#lastCtrlC < EXIT_WINDOW_MS) {
      this.exit();
      return;
    }
    this.#lastCtrlC = now;
    this.status.update({ activity: 'press Ctrl+C again to exit' });
    this.tui.requestRender();
    setTimeout(() => {
      if (this.status.state.activity === 'press Ctrl+C again to exit') {
        this.status.update({ activity: undefined });
        this.tui.requestRender();
      }
    }, EXIT_WINDOW_MS).unref();
  }

  #ask(question: ConfirmQuestion, signal?: AbortSignal): Promise<ConfirmAnswer> {
    const { request } = question;
    if (request.detail && (request.tool === 'write' || request.tool === 'edit'))
      this.transcript.diff(request.title, request.detail);
    return new Promise((resolve) => {
      const done = (answer: ConfirmAnswer) => {
        signal?.removeEventListener('abort', onAbort);
        this.#prompt = undefined;
        this.#drawPrompt();
        this.status.update({ activity: undefined });
        resolve(answer);
      };
      const onAbort = () => done({ kind: 'no' });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#prompt = new ConfirmPrompt(question, this.#options.theme, done);
      this.status.update({ activity: 'waiting for you' });
      this.#drawPrompt();
    });
  }

  #onReason(request: ConfirmRequest, reason: string): void {
    const text = `(I declined ${request.tool}: ${reason})`;
    this.transcript.user(text, '» ');
    this.#turn?.steer(text);
  }

  #drawPrompt(): void {
    this.tui.requestRender();
  }

  #drawQueued(): void {
    const t = this.#options.theme;
    const width = this.#options.terminal.columns;
    this.#queuedView.setText(
      this.#queued
        .map((q) => truncate(`${t.warning('⏳')} ${t.dim(`queued: ${q.replace(/\s+/g, ' ')}`)}`, width - 1))
        .join('\n'),
    );
    this.tui.requestRender();
  }

  #refreshStatus(): void {
    this.status.update({
      sessionId: this.#sessionId,
      inputTokens: this.#usage.inputTokens,
      outputTokens: this.#usage.outputTokens,
      costUsd: this.#usage.costUsd,
      contextTokens: this.#usage.contextTokens,
      contextWindow: this.#agent?.contextWindowCap ?? this.status.state.contextWindow,
      busySince: this.#turn ? (this.status.state.busySince ?? this.#now()) : undefined,
    });
  }

  #startSpinner(): void {
    this.status.update({ busySince: this.#now(), activity: undefined });
    this.#spinner = setInterval(() => this.tui.requestRender(), 100);
  }

  #stopSpinner(): void {
    if (this.#spinner) clearInterval(this.#spinner);
    this.#spinner = undefined;
    this.status.update({ busySince: undefined });
  }
}
