import { ControlSequenceStripper, stripControlSequences } from '@kodama/core/listeners';
import type { Component } from '@mariozechner/pi-tui';
import type { Theme } from './theme.ts';
import { truncate, wrap } from './width.ts';

/** A piece of the transcript whose lines depend only on its state and the width: cached until either changes. */
export abstract class Entry implements Component {
  #width = -1;
  #lines: string[] | undefined;

  /** Lines for `width`; recomputed only after {@link changed}. */
  render(width: number): string[] {
    if (this.#lines === undefined || width !== this.#width) {
      this.#width = width;
      this.#lines = this.draw(width);
    }
    return this.#lines;
  }

  /** Drops the cached lines. */
  invalidate(): void {
    this.#lines = undefined;
  }

  /** Call after the state changes. */
  protected changed(): void {
    this.#lines = undefined;
  }

  /** Draws the lines, each at most `width` columns. */
  protected abstract draw(width: number): string[];
}

/**
 * Static text: a user message, a notice. `marker` starts the first line; the
 * rest is indented to match. The text is kept without terminal control
 * sequences (a notice can quote a server's error, a replayed message a file).
 */
export class TextEntry extends Entry {
  readonly text: string;

  constructor(
    text: string,
    private readonly marker: string,
    private readonly style: (s: string) => string,
  ) {
    super();
    this.text = stripControlSequences(text);
  }

  protected draw(width: number): string[] {
    const pad = ' '.repeat(this.marker.length);
    const inner = Math.max(1, width - this.marker.length);
    const lines = this.text.split('\n').flatMap((l) => wrap(l, inner));
    return lines.map((l, i) => (i === 0 ? this.marker : pad) + this.style(l));
  }
}

/** Lines of reasoning shown while it streams (the latest). */
const STREAMING_REASONING_LINES = 6;

/**
 * Reasoning, dim: its latest lines while it streams; one line once the
 * answer starts or it is done (`∴ thought for 12 lines`), unless this entry
 * is expanded (Ctrl+T for the latest, Ctrl+O for all), which shows all of it.
 */
export class ReasoningEntry extends Entry {
  #text = '';
  /** The stream's state: an escape sequence split across deltas is removed whole. */
  readonly #stripper = new ControlSequenceStripper();
  #folded = false;
  #expanded = false;

  constructor(private readonly theme: Theme) {
    super();
  }

  /** Whether all of it is shown. */
  get expanded(): boolean {
    return this.#expanded;
  }

  append(delta: string): void {
    this.#text += this.#stripper.push(delta);
    this.changed();
  }

  /** The answer started: the reasoning folds to its one line (more may still arrive). */
  fold(): void {
    if (this.#folded) return;
    this.#folded = true;
    this.changed();
  }

  /** The reasoning is complete (`text`: all of it, when known). */
  finish(text?: string): void {
    const owed = this.#stripper.end();
    this.#text = text === undefined ? this.#text + owed : stripControlSequences(text);
    this.fold();
    this.changed();
  }

  setExpanded(expanded: boolean): void {
    this.#expanded = expanded;
    this.changed();
  }

  protected draw(width: number): string[] {
    const lines = this.#text
      .trim()
      .split('\n')
      .flatMap((l) => wrap(l, Math.max(1, width - 2)));
    if (this.#folded && !this.#expanded) {
      return [
        this.theme.dim(
          truncate(
            `∴ thought for ${lines.length} line${lines.length === 1 ? '' : 's'} (ctrl+t to expand)`,
            width,
          ),
        ),
      ];
    }
    const shown = this.#expanded ? lines : lines.slice(-STREAMING_REASONING_LINES);
    return shown.map((l) => `${this.theme.dim('∴')} ${this.theme.dim(this.theme.italic(l))}`);
  }
}

/** A task of a `tasks.changed` event (`@kodama/tools/tasks`' `Task`). */
export interface TaskView {
  readonly id: number;
  readonly text: string;
  readonly status: string;
}

/** The task list as the last `tasks.changed` event left it. */
export class TaskListEntry extends Entry {
  #tasks: readonly TaskView[] = [];

  constructor(private readonly theme: Theme) {
    super();
  }

  set(tasks: readonly TaskView[]): void {
    // The model writes the tasks' text.
    this.#tasks = tasks.map((t) => ({ ...t, text: stripControlSequences(String(t.text)) }));
    this.changed();
  }

  protected draw(width: number): string[] {
    if (this.#tasks.length === 0) return [];
    const t = this.theme;
    return [
      t.bold('Tasks'),
      ...this.#tasks.map((task) => {
        const box = task.status === 'completed' ? '☒' : task.status === 'in_progress' ? '◐' : '☐';
        const text =
          task.status === 'completed'
            ? t.strike(t.dim(task.text))
            : task.status === 'in_progress'
              ? t.bold(task.text)
              : task.text;
        return truncate(`  ${box} ${text}`, width);
      }),
    ];
  }
}

/** The steering messages typed while a turn runs, until the Run takes them in. */
export class QueuedView extends Entry {
  #queued: readonly string[] = [];

  constructor(private readonly theme: Theme) {
    super();
  }

  set(queued: readonly string[]): void {
    this.#queued = [...queued];
    this.changed();
  }

  protected draw(width: number): string[] {
    const t = this.theme;
    return this.#queued.map((q) =>
      truncate(`${t.warning('⏳')} ${t.dim(`queued: ${q.replace(/\s+/g, ' ')}`)}`, width - 1),
    );
  }
}
