import { type Agent, type Content, History, type Model, type RunEvent } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import { Editor, TUI } from '@mariozechner/pi-tui';
import { FileCheckpoints } from '../checkpoints/file-checkpoints.ts';
import type { CustomCommand } from '../commands/command-file.ts';
import { TurnToolLimit } from '../commands/command-tools.ts';
import { START_HINT } from '../commands/reports.ts';
import { slashCommands } from '../commands/slash-commands.ts';
import type { ConfirmQuestion, ConfirmRequest } from '../confirm/confirm-types.ts';
import type { InlineConfirmer } from '../confirm/inline-confirmer.ts';
import { expandAttachments, modelAcceptsImages } from '../input/attachments.ts';
import { AssistantCompletion } from '../input/completion.ts';
import { QueuedView, TaskListEntry } from '../render/entries.ts';
import { drawOnlyOnceStarted } from '../render/first-frame.ts';
import { memoizeFrameLines } from '../render/frame-memo.ts';
import { releaseScrollback } from '../render/scrollback.ts';
import { StatusLine } from '../render/status-line.ts';
import { Transcript } from '../render/transcript.ts';
import { screenWiring } from './agent-wiring.ts';
import type { AssistantOptions } from './assistant-options.ts';
import { editorTheme } from './editor-theme.ts';
import { KeyHandler } from './key-handler.ts';
import { ModalArea } from './modal-area.ts';
import { type ModeSwitch, screenModes } from './mode-switch.ts';
import { PendingNotes } from './pending-notes.ts';
import { planTool } from './plan-review.ts';
import { PromptHistory } from './prompt-history.ts';
import { screenConfirmer } from './screen-confirmer.ts';
import { pickSession } from './session-picker.ts';
import { runShellCommand } from './shell-command.ts';
import { showAskedEdit } from './shown-edits.ts';
import { slashContext } from './slash-context.ts';
import { StatusPresenter } from './status-presenter.ts';
import { Turn, withNotes } from './turn.ts';

/**
 * The interactive assistant: the transcript, the queued steering messages,
 * the task list, the question or list waiting for an answer, the input and
 * the status line, on one pi-tui screen. Enter sends; typing while a turn
 * runs queues a steering message for the next tool boundary; `!command`
 * runs a shell command; `@file` attaches a file; slash commands act on the
 * session (keys: {@link KeyHandler}).
 */
export class AssistantApp {
  readonly tui: TUI;
  readonly transcript: Transcript;
  readonly status: StatusLine;
  readonly confirmer: InlineConfirmer;
  /** The files the agent changed, per turn (`/undo`, `/rewind`). */
  readonly checkpoints: FileCheckpoints;
  readonly editor: Editor;
  readonly modal: ModalArea;
  /** The permission mode (Shift+Tab, `--permission-mode`, plan approval). */
  readonly modes: ModeSwitch;
  readonly #options: AssistantOptions;
  readonly #queuedView: QueuedView;
  readonly #tasks: TaskListEntry;
  readonly #presenter: StatusPresenter;
  readonly #history: PromptHistory;
  readonly #keys: KeyHandler;
  /** A custom command's `allowed-tools`, while its turn runs. */
  readonly #toolLimit = new TurnToolLimit();
  #agent: Agent | undefined;
  #sessionId: string;
  #model: Model | undefined;
  #turn: Turn | undefined;
  #shell: AbortController | undefined;
  #queued: string[] = [];
  /** Said to the model with the next prompt (`/rewind` drops those of the turns it drops). */
  readonly notes = new PendingNotes();
  /** The running turn or `!command`, until it settles; exit waits for it. */
  #running: Promise<unknown> | undefined;
  #exiting = false;
  #exited: (() => void) | undefined;
  readonly #closed: Promise<void>;

  constructor(options: AssistantOptions) {
    this.#options = options;
    this.#sessionId = options.sessionId;
    this.#history = new PromptHistory(options.historyFile);
    const theme = options.theme;
    this.tui = new TUI(options.terminal);
    drawOnlyOnceStarted(this.tui);
    memoizeFrameLines(this.tui);
    this.transcript = new Transcript(theme);
    releaseScrollback(this.tui, this.transcript);
    this.#tasks = new TaskListEntry(theme);
    this.#queuedView = new QueuedView(theme);
    this.checkpoints = new FileCheckpoints(options.checkpointDir);
    this.modal = new ModalArea(theme, () => this.tui.requestRender());
    this.editor = new Editor(this.tui, editorTheme(theme), { paddingX: 1 });
    this.editor.onSubmit = (text) => void this.submit(text);
    this.status = new StatusLine(StatusLine.idle(options.sessionId), theme, options.now);
    this.#presenter = new StatusPresenter(
      this.status,
      () => this.tui.requestRender(),
      options.now ?? Date.now,
    );
    this.confirmer = screenConfirmer(
      this,
      options,
      (q, signal) => this.#ask(q, signal),
      (request, reason) => this.#onReason(request, reason),
    );
    this.modes = screenModes(this, this.confirmer.rules, options);
    for (const c of [this.transcript, this.#queuedView, this.#tasks, this.modal, this.editor, this.status])
      this.tui.addChild(c);
    this.tui.setFocus(this.editor);
    this.#keys = new KeyHandler(this, options.now ?? Date.now, () => options.info?.background);
    this.tui.addInputListener((data) => (this.#keys.onKey(data) ? { consume: true } : undefined));
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

  /** The project root. */
  get root(): string {
    return this.#options.root;
  }

  /** True while a turn or a `!command` runs. */
  get busy(): boolean {
    return this.#turn !== undefined || this.#shell !== undefined;
  }

  /** Builds the agent, draws a continued session, starts the screen; resolves when the user exits. */
  async run(): Promise<void> {
    this.#agent = await this.#options.buildAgent({
      confirmer: this.confirmer,
      taintGate: this.confirmer.taintGate,
      checkpoints: this.checkpoints,
      wiring: screenWiring(this.confirmer, this.checkpoints, this.#options.approvals ?? {}, this.#toolLimit, [
        planTool(this),
      ]),
    });
    this.#presenter.watchBackground(this.#options.info?.background);
    const m = this.#agent.model;
    this.status.update({ model: `${m.provider}:${m.modelId}`, contextWindow: this.#agent.contextWindowCap });
    for (const p of await this.#history.load()) this.editor.addToHistory(p);
    this.editor.setAutocompleteProvider(
      new AssistantCompletion(slashCommands.completions(this.#options.commands), this.root),
    );
    await this.resume(this.#sessionId, false);
    if (this.agent.exportHistory().messages.length === 0) this.transcript.notice(START_HINT);
    for (const note of this.#options.info?.configNotes ?? []) this.transcript.notice(note);
    for (const w of this.#options.commandWarnings ?? []) this.transcript.notice(w, 'warning');
    this.tui.start();
    this.tui.requestRender();
    if (this.#options.pickSession) void pickSession(this, this.#options.store);
    else if (this.#options.initialPrompt) void this.submit(this.#options.initialPrompt);
    await this.#closed;
  }

  /** Switches to a stored session (or a new one of that id), drawing what it holds. */
  async resume(id: string, announce = true): Promise<void> {
    const stored = await this.#options.store.load(id);
    this.#sessionId = id;
    await this.checkpoints.open(id);
    this.transcript.clear();
    this.#tasks.set([]);
    this.notes.clear();
    await this.modes.open(id, (stored?.messages.length ?? 0) > 0);
    if (stored && stored.messages.length > 0) {
      this.agent.loadHistory(new History(stored.messages));
      this.transcript.replay(stored.messages);
      this.transcript.notice(`continued session ${id} (${stored.messages.length} messages)`);
    } else {
      this.agent.clearConversation();
      if (announce) this.transcript.notice(`new session ${id}`);
    }
    this.#presenter.usage.setContext(undefined);
    this.#refreshStatus();
  }

  /** Sends the input: a slash command, a steering message while a turn runs, `!command`, else a new turn. */
  async submit(text: string): Promise<void> {
    const prompt = text.trim();
    if (prompt === '') return;
    this.editor.addToHistory(prompt);
    void this.#history.add(prompt);
    if (prompt.startsWith('/') && !prompt.startsWith('//')) {
      await slashCommands.run(prompt, slashContext(this, this.#options, this.#presenter.usage));
      this.tui.requestRender();
      return;
    }
    if (this.#turn) {
      this.#queued.push(prompt);
      this.#turn.steer(prompt);
      this.#drawQueued();
      return;
    }
    if (this.#shell) return this.transcript.notice('a shell command is running; Ctrl+C stops it', 'warning');
    if (prompt.startsWith('!') && this.#options.runShell)
      return this.#track(this.#runShell(prompt.slice(1).trim()));
    const model = this.nextModel;
    const accepts = (this.#options.acceptsImages ?? ((m) => modelAcceptsImages(m)))(model);
    const input = await expandAttachments(prompt, this.root, accepts);
    for (const p of input.problems) this.transcript.notice(p, 'warning');
    await this.#track(this.#runTurn(input.content, prompt, input.attached));
  }

  #track(work: Promise<void>): Promise<void> {
    const running = work.finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }

  async #runShell(command: string): Promise<void> {
    const run = this.#options.runShell;
    if (!run || command === '') return;
    this.#shell = new AbortController();
    this.#presenter.startSpinner();
    try {
      const note = await runShellCommand(command, run, this.#shell.signal, this.transcript, () =>
        this.tui.requestRender(),
      );
      this.notes.add(note);
    } finally {
      this.#shell = undefined;
      this.#presenter.stopSpinner();
      this.tui.requestRender();
    }
  }

  async #runTurn(content: Content, shown: string, attached: readonly string[] = []): Promise<void> {
    this.transcript.user(shown);
    if (attached.length) this.transcript.notice(`attached: ${attached.join(', ')}`);
    const notes = [...this.modes.takeNote(), ...this.notes.take()];
    const prompt = notes.length === 0 ? content : withNotes(notes, content);
    const before = this.agent.exportHistory().messages.length;
    this.checkpoints.begin(shown, before);
    const turn = new Turn(
      this.agent,
      prompt,
      { id: this.#sessionId, store: this.#options.store },
      this.#model,
    );
    this.#model = undefined;
    this.#turn = turn;
    this.#presenter.startSpinner();
    try {
      const run = await turn.run({
        onEvent: (e) => this.#onEvent(e),
        onDelivered: (count) => {
          for (const text of this.#queued.splice(0, count)) this.transcript.user(text, '» ');
          this.#drawQueued();
        },
      });
      this.#presenter.usage.onRunEnd(run.usage);
    } catch (error) {
      this.transcript.notice(`error: ${error instanceof Error ? error.message : String(error)}`, 'error');
    } finally {
      const after = this.agent.exportHistory().messages;
      await this.checkpoints.end(after.slice(before).find((m) => m.kind === 'user')?.id).catch(() => {});
      this.#turn = undefined;
      this.#presenter.stopSpinner();
      this.#refreshStatus();
      this.tui.requestRender();
    }
    const left = turn.takeUndelivered();
    if (left.length > 0 && !this.#exiting) {
      this.#queued = [];
      this.#drawQueued();
      const text = left.join('\n\n');
      await this.#runTurn(text, text);
    }
  }

  #onEvent(event: RunEvent): void {
    this.transcript.onEvent(event);
    this.#presenter.onEvent(event, this.#tasks);
    if (event.type === 'tokens' || event.type === 'turn-end') this.#refreshStatus();
    this.tui.requestRender();
  }

  /** Cancels the running turn or `!command` (the conversation stays valid). */
  cancel(): void {
    this.#turn?.cancel();
    this.#shell?.abort();
  }

  /** Cancels what runs, stops the screen, and resolves {@link run} once the turn settled (the session saved). */
  exit(): void {
    this.#exiting = true;
    this.cancel();
    this.#presenter.stopSpinner();
    this.tui.stop();
    const settled = this.#running?.catch(() => undefined);
    void Promise.resolve(settled).then(() => this.#exited?.());
  }

  /** The model the next turn (and `/compact`) uses: a `/model` switch not yet taken, else the agent's. */
  get nextModel(): Model {
    return this.#model ?? this.agent.model;
  }

  /** Switches the model from the next turn on. */
  async switchModel(target: string | Model): Promise<void> {
    const model = typeof target === 'string' ? await this.#options.resolveModel(target) : target;
    this.#model = model;
    this.status.update({ model: `${model.provider}:${model.modelId}` });
  }

  /** A custom command's turn, shown as typed; its `allowed-tools` and model hold for this turn only. */
  async commandTurn(prompt: string, shown: string, command: CustomCommand): Promise<void> {
    const back = this.nextModel;
    if (command.model) await this.switchModel(command.model);
    if (command.allowedTools) this.#toolLimit.set(command.name, command.allowedTools, this.root);
    try {
      await this.#track(this.#runTurn(prompt, shown));
    } finally {
      this.#toolLimit.clear();
      if (command.model && this.#model === undefined) await this.switchModel(back);
    }
  }

  /** A fresh conversation under a new session id (the old one stays saved). */
  async clear(): Promise<void> {
    this.agent.clearConversation();
    this.#sessionId = this.#options.newSessionId();
    await this.checkpoints.open(this.#sessionId);
    this.confirmer.reset();
    await this.modes.open(this.#sessionId, false);
    this.transcript.clear();
    this.#tasks.set([]);
    this.notes.clear();
    this.#presenter.usage.setContext(undefined);
    this.transcript.notice(`cleared; new session ${this.#sessionId}`);
    this.#refreshStatus();
  }

  /** Goes on in a copy of this session under a new id (with its file checkpoints); the original stays as it is. */
  async fork(): Promise<string> {
    const from = this.#sessionId;
    const to = this.#options.newSessionId();
    const messages = this.agent.exportHistory().messages;
    await this.#options.store.replace(to, messages);
    await this.checkpoints.fork(to);
    await this.modes.set(this.modes.mode, to);
    this.#sessionId = to;
    this.#refreshStatus();
    return from;
  }

  /** Replaces the conversation (and the stored session) with `messages`, redrawing it. */
  async replaceConversation(messages: readonly HistoryMessage[], notice: string): Promise<void> {
    this.agent.loadHistory(new History(messages));
    await this.#options.store.replace(this.#sessionId, messages);
    this.transcript.clear();
    this.transcript.replay(messages);
    this.transcript.notice(notice);
    this.#presenter.usage.setContext(undefined);
    this.#refreshStatus();
  }

  /** Shows a change (a diff in the transcript) and asks y / n; true for yes. */
  async confirmChange(tool: string, title: string, diff: string): Promise<boolean> {
    if (diff) this.transcript.diff(title, diff);
    // No model waits on this answer: `n` declines at once, with no reason to type.
    const request = { tool, title, detail: '', warnings: [] };
    return (await this.#ask({ request, allowAlways: false, askReason: false })).kind === 'yes';
  }

  /** Something the model should know with the next prompt; `turnStart`: the turn it is about (a /rewind there drops it). */
  noteForModel(text: string, turnStart?: number): void {
    this.notes.add(text, turnStart);
  }

  #ask(question: ConfirmQuestion, signal?: AbortSignal) {
    showAskedEdit(this.transcript, question.request);
    this.status.update({ activity: 'waiting for you' });
    return this.modal.ask(question, signal).finally(() => this.status.update({ activity: undefined }));
  }

  #onReason(request: ConfirmRequest, reason: string): void {
    const text = `(I declined ${request.tool}: ${reason})`;
    this.transcript.user(text, '» ');
    this.#turn?.steer(text);
  }

  #drawQueued(): void {
    this.#queuedView.set(this.#queued);
    this.tui.requestRender();
  }

  #refreshStatus(): void {
    this.#presenter.refresh(this.#sessionId, this.#agent?.contextWindowCap, this.busy);
  }
}
