import type { RunEvent } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import { failureText } from '@kodama/core/listeners';
import type { Component } from '@mariozechner/pi-tui';
import { StreamingMarkdown } from '../markdown/streaming-markdown.ts';
import { DiffEntry } from './diff.ts';
import { ReasoningEntry, TextEntry } from './entries.ts';
import { replayedUser } from './replayed-user.ts';
import type { Theme } from './theme.ts';
import { describeCall, ToolEntry } from './tool-entry.ts';

/** The domain event a tool emits with output as it runs (`{ toolCallId, text }`): bash's live output. */
export const TOOL_OUTPUT_EVENT = 'tool-output';

/** A notice's tone. */
export type NoticeKind = 'info' | 'warning' | 'error';

/**
 * The conversation as drawn: user messages, answers (streaming Markdown),
 * reasoning, one line per tool call, diffs, notices. Built from the Run's
 * events of the main agent (sub-agents show as their `agent` tool call);
 * each entry caches its lines, so a new piece re-renders only the entry it
 * belongs to. The oldest finished entries are let go once the terminal's
 * scrollback holds their rows ({@link release}): a long session keeps a
 * bounded number of entries, not all of them.
 */
export class Transcript implements Component {
  readonly #theme: Theme;
  #entries: Component[] = [];
  #releasedRows = 0;
  #answer: StreamingMarkdown | undefined;
  #reasoning: ReasoningEntry | undefined;
  /** The Run's tool calls by id, while their results can still come (until its `run-end`). */
  readonly #tools = new Map<string, ToolEntry>();
  /** The `!command` lines: running until the app finishes them. */
  readonly #shells = new WeakSet<ToolEntry>();
  #expanded = false;

  constructor(theme: Theme) {
    this.#theme = theme;
  }

  /** The entries still kept, oldest first (tests look at them). */
  get entries(): readonly Component[] {
    return this.#entries;
  }

  /** Rows of entries let go since the last {@link clear}: printed in the scrollback, no longer drawn here. */
  get releasedRows(): number {
    return this.#releasedRows;
  }

  /**
   * Lets go of the oldest entries whose rows are at most `rows` (drawn at
   * `width`, each with its blank line before it), when they are finished: not
   * a streaming answer or reasoning, not a running tool call, nor anything
   * after one. The screen calls it for rows already in the terminal's
   * scrollback, which the terminal keeps as printed; from then on they are
   * not drawn, expanded or re-wrapped. Returns the rows let go.
   */
  release(rows: number, width: number): number {
    let released = 0;
    let count = 0;
    for (const e of this.#entries) {
      if (e === this.#answer || e === this.#reasoning || this.#awaited(e)) break;
      const lines = e.render(width).length;
      const taken = lines === 0 ? 0 : lines + 1;
      if (released + taken > rows) break;
      released += taken;
      count++;
    }
    for (const e of this.#entries.splice(0, count))
      if (e instanceof ToolEntry && this.#tools.get(e.id) === e) this.#tools.delete(e.id);
    this.#releasedRows += released;
    return released;
  }

  /** Whether tool results and reasoning are shown in full. */
  get expanded(): boolean {
    return this.#expanded;
  }

  /** Unfolds the latest reasoning still kept, or folds it back; false when there is none. */
  toggleLatestReasoning(): boolean {
    const latest = this.#entries.findLast((e): e is ReasoningEntry => e instanceof ReasoningEntry);
    latest?.setExpanded(!latest.expanded);
    return latest !== undefined;
  }

  /** Shows or folds every tool result and reasoning still kept (rows let go stay as printed). */
  setExpanded(expanded: boolean): void {
    this.#expanded = expanded;
    for (const e of this.#entries)
      if (e instanceof ToolEntry || e instanceof ReasoningEntry || e instanceof DiffEntry)
        e.setExpanded(expanded);
  }

  /** A message the user sent (or queued steering, once delivered). */
  user(text: string, marker = '› '): void {
    this.#closeStreams();
    this.#push(new TextEntry(text, this.#theme.accent(marker), this.#theme.bold));
  }

  /** A line from the assistant itself: a command's output, a cancellation. */
  notice(text: string, kind: NoticeKind = 'info'): void {
    const style =
      kind === 'error' ? this.#theme.error : kind === 'warning' ? this.#theme.warning : this.#theme.dim;
    this.#push(new TextEntry(text, '  ', style));
  }

  /** A plan the agent presents for approval (plan mode), drawn as Markdown under a heading. */
  plan(text: string): void {
    this.#closeStreams();
    this.#push(new TextEntry('plan for approval:', '◆ ', this.#theme.bold));
    const md = new StreamingMarkdown(this.#theme, text);
    md.finish();
    this.#push(md);
  }

  /** A proposed change of a file, as a coloured diff; with `foldAt`, that many lines until expanded. */
  diff(title: string, diff: string, foldAt?: number): void {
    const entry = new DiffEntry(title, diff, this.#theme, foldAt);
    entry.setExpanded(this.#expanded);
    this.#push(entry);
  }

  /** A `!command` the user runs: a tool line whose output streams under it. */
  shell(command: string): ToolEntry {
    this.#closeStreams();
    const entry = new ToolEntry(`shell-${this.#entries.length}`, 'shell', `! ${command}`, this.#theme);
    entry.setExpanded(this.#expanded);
    this.#shells.add(entry);
    return this.#push(entry);
  }

  /** Forgets everything drawn. */
  clear(): void {
    this.#entries = [];
    this.#releasedRows = 0;
    this.#tools.clear();
    this.#answer = undefined;
    this.#reasoning = undefined;
  }

  /** Draws a stored conversation as it read live: prompts, answers, tool calls with their results, summaries as notices. */
  replay(messages: readonly HistoryMessage[]): void {
    for (const { kind, message } of messages) {
      if (message.role === 'user') {
        // As it read live: the prompt as typed and what it attached, a summary as a notice (not the sent text).
        const shown = replayedUser(kind, message.content);
        if (shown.kind === 'summary') this.notice(shown.notice);
        else {
          this.user(shown.text);
          if (shown.attached.length) this.notice(`attached: ${shown.attached.join(', ')}`);
        }
      } else if (message.role === 'assistant') {
        if (message.reasoning) this.#newReasoning().finish(message.reasoning);
        if (message.text.trim() !== '') {
          const md = new StreamingMarkdown(this.#theme, message.text);
          md.finish();
          this.#push(md);
        }
        for (const call of message.toolCalls) this.#toolCall(call.id, call.name, call.arguments);
      } else this.#tools.get(message.toolCallId)?.finish('ok', message.content);
    }
    this.#closeStreams();
    // A stored call without its result (a session cut short) gets none now.
    this.#tools.clear();
  }

  /** Follows one event of the Run. */
  onEvent(event: RunEvent): void {
    if ('agentId' in event && event.agentId !== '') return;
    switch (event.type) {
      case 'reasoning-delta':
        this.#reasoning ??= this.#newReasoning();
        this.#reasoning.append(event.text);
        return;
      case 'reasoning':
        (this.#reasoning ?? this.#newReasoning()).finish(event.text);
        this.#reasoning = undefined;
        return;
      case 'assistant-delta':
        // The answer starts: the reasoning before it folds (its \`reasoning\` event comes at the end).
        this.#reasoning?.fold();
        if (!this.#answer) this.#answer = this.#push(new StreamingMarkdown(this.#theme));
        this.#answer.append(event.text);
        return;
      case 'assistant':
        if (!this.#answer && event.text.trim() !== '')
          this.#answer = this.#push(new StreamingMarkdown(this.#theme, event.text));
        this.#answer?.finish();
        this.#answer = undefined;
        return;
      case 'tool-call':
        this.#toolCall(event.toolCallId, event.name, event.arguments);
        return;
      case 'tool-result':
        this.#tools.get(event.toolCallId)?.finish(event.status, event.content);
        return;
      case 'domain':
        if (event.name === TOOL_OUTPUT_EVENT) {
          const { toolCallId, text } = (event.data ?? {}) as { toolCallId?: unknown; text?: unknown };
          if (typeof toolCallId === 'string' && typeof text === 'string')
            this.#tools.get(toolCallId)?.appendOutput(text);
        }
        return;
      case 'cancelled':
        this.#closeStreams();
        this.notice('cancelled: the conversation is kept; ask again or go on', 'warning');
        return;
      case 'retry':
        this.notice(`retry ${event.attempt} in ${Math.round(event.delayMs)} ms: ${event.cause}`, 'warning');
        return;
      case 'model-switched':
        this.notice(
          `model: ${event.from.provider}:${event.from.modelId} → ${event.to.provider}:${event.to.modelId}`,
        );
        return;
      case 'fallback-notice':
        this.notice(`step budget of ${event.maxSteps} spent; answering from what is known`, 'warning');
        return;
      case 'compaction':
        this.notice('the conversation was compacted to fit the context window');
        return;
      case 'run-end':
        // No result of this Run's calls comes after its end (a call still drawn as running stays so).
        this.#tools.clear();
        if (event.outcome !== 'failed') return;
        this.#closeStreams();
        // The person at the screen runs kodama: say the cause and the fix, as `-p` does (not the end-user message).
        this.notice(`error: ${failureText(event.error)}`, 'error');
        return;
      default:
        return;
    }
  }

  /** Whether `e` is a call still running whose result or output can still come. */
  #awaited(e: Component): boolean {
    return (
      e instanceof ToolEntry && e.status === 'running' && (this.#tools.get(e.id) === e || this.#shells.has(e))
    );
  }

  #newReasoning(): ReasoningEntry {
    const entry = new ReasoningEntry(this.#theme);
    entry.setExpanded(this.#expanded);
    return this.#push(entry);
  }

  #toolCall(id: string, name: string, args: string): void {
    this.#closeStreams();
    const entry = new ToolEntry(id, name, describeCall(name, args), this.#theme);
    entry.setExpanded(this.#expanded);
    this.#tools.set(id, entry);
    this.#push(entry);
  }

  #closeStreams(): void {
    this.#answer?.finish();
    this.#answer = undefined;
    this.#reasoning?.finish();
    this.#reasoning = undefined;
  }

  #push<T extends Component>(entry: T): T {
    this.#entries.push(entry);
    return entry;
  }

  /** Every entry's lines, a blank line between entries. */
  render(width: number): string[] {
    const out: string[] = [];
    for (const e of this.#entries) {
      const lines = e.render(width);
      if (lines.length === 0) continue;
      out.push('');
      for (const l of lines) out.push(l);
    }
    return out;
  }

  invalidate(): void {
    for (const e of this.#entries) e.invalidate();
  }
}
