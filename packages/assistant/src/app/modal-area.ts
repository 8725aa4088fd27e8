import { type Component, matchesKey, type SelectItem, SelectList } from '@mariozechner/pi-tui';
import type { ConfirmAnswer, ConfirmQuestion } from '../confirm/confirm-types.ts';
import type { Theme } from '../render/theme.ts';
import { truncate } from '../render/width.ts';
import { ConfirmPrompt } from './confirm-prompt.ts';
import { editorTheme } from './editor-theme.ts';

/** A choice offered by {@link ModalArea.pick}. */
export interface PickItem {
  readonly value: string;
  readonly label: string;
  readonly description?: string;
}

/** A titled list: Up/Down to move, Enter to choose, Esc to cancel. */
class Picker implements Component {
  readonly list: SelectList;

  constructor(
    private readonly title: string,
    items: readonly PickItem[],
    private readonly theme: Theme,
    done: (value: string | undefined) => void,
  ) {
    this.list = new SelectList([...items] as SelectItem[], 10, editorTheme(theme).selectList, {
      maxPrimaryColumnWidth: 60,
    });
    this.list.onSelect = (item) => done(item.value);
    this.list.onCancel = () => done(undefined);
  }

  render(width: number): string[] {
    return [
      truncate(`${this.theme.warning('?')} ${this.theme.bold(this.title)}`, width),
      ...this.list.render(width),
      truncate(this.theme.dim('  ↑/↓ move · Enter choose · Esc cancel'), width),
    ];
  }

  invalidate(): void {
    this.list.invalidate();
  }
}

/** One line of text to type: Enter sends it, Esc sends nothing. */
class TextPrompt implements Component {
  text = '';

  constructor(
    private readonly title: string,
    private readonly theme: Theme,
    readonly done: (text: string | undefined) => void,
  ) {}

  handleKey(data: string): void {
    if (matchesKey(data, 'enter')) this.done(this.text.trim());
    else if (matchesKey(data, 'escape') || matchesKey(data, 'ctrl+c')) this.done(undefined);
    else if (matchesKey(data, 'backspace')) this.text = this.text.slice(0, -1);
    else if (!data.startsWith('\x1b') && data >= ' ') this.text += data;
  }

  render(width: number): string[] {
    return [
      truncate(`${this.theme.warning('?')} ${this.theme.bold(this.title)}`, width),
      truncate(`  ${this.text}█`, width),
      truncate(this.theme.dim('  Enter send · Esc cancel'), width),
    ];
  }

  invalidate(): void {}
}

/**
 * The place above the input where the assistant asks: a confirmation
 * (y / n / a), a pick from a list, or a line of text. One at a time; while one shows, it
 * takes every key.
 */
export class ModalArea implements Component {
  #confirm: ConfirmPrompt | undefined;
  #picker: Picker | undefined;
  #text: TextPrompt | undefined;

  constructor(
    private readonly theme: Theme,
    private readonly redraw: () => void,
  ) {}

  /** True while a question or a list waits for an answer. */
  get active(): boolean {
    return this.#confirm !== undefined || this.#picker !== undefined || this.#text !== undefined;
  }

  /** True while a confirmation question waits for y / n / a (not while a reason is typed or a save waits for Enter, not a list). */
  get asking(): boolean {
    return this.#confirm !== undefined && !this.#confirm.typingReason && !this.#confirm.confirmingSave;
  }

  /** Shows a confirmation and waits; resolves `no` when `signal` aborts. */
  ask(question: ConfirmQuestion, signal?: AbortSignal): Promise<ConfirmAnswer> {
    return new Promise((resolve) => {
      const done = (answer: ConfirmAnswer) => {
        signal?.removeEventListener('abort', onAbort);
        this.#confirm = undefined;
        this.redraw();
        resolve(answer);
      };
      const onAbort = () => done({ kind: 'no' });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#confirm = new ConfirmPrompt(question, this.theme, done);
      this.redraw();
    });
  }

  /** Shows a list and waits for a choice; undefined when cancelled. */
  pick(title: string, items: readonly PickItem[]): Promise<string | undefined> {
    return new Promise((resolve) => {
      this.#picker = new Picker(title, items, this.theme, (value) => {
        this.#picker = undefined;
        this.redraw();
        resolve(value);
      });
      this.redraw();
    });
  }

  /** Asks for a line of text; undefined when cancelled (Esc, Ctrl+C). */
  askText(title: string): Promise<string | undefined> {
    return new Promise((resolve) => {
      this.#text = new TextPrompt(title, this.theme, (text) => {
        this.#text = undefined;
        this.redraw();
        resolve(text);
      });
      this.redraw();
    });
  }

  /** Takes a key while active; Ctrl+C answers no (a confirmation) or cancels (a list). */
  handleKey(data: string): void {
    if (this.#confirm) this.#confirm.handleKey(matchesKey(data, 'ctrl+c') ? '\x1b' : data);
    else if (this.#text) this.#text.handleKey(data);
    else if (this.#picker) {
      if (matchesKey(data, 'ctrl+c')) this.#picker.list.onCancel?.();
      else this.#picker.list.handleInput(data);
    }
    this.redraw();
  }

  render(width: number): string[] {
    return this.#confirm?.render(width) ?? this.#picker?.render(width) ?? this.#text?.render(width) ?? [];
  }

  invalidate(): void {
    this.#picker?.invalidate();
  }
}
