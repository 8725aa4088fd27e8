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

/**
 * The place above the input where the assistant asks: a confirmation
 * (y / n / a) or a pick from a list. One at a time; while one shows, it
 * takes every key.
 */
export class ModalArea implements Component {
  #confirm: ConfirmPrompt | undefined;
  #picker: Picker | undefined;

  constructor(
    private readonly theme: Theme,
    private readonly redraw: () => void,
  ) {}

  /** True while a question or a list waits for an answer. */
  get active(): boolean {
    return this.#confirm !== undefined || this.#picker !== undefined;
  }

  /** True while a confirmation question waits for y / n / a (not while a reason is typed, not a list). */
  get asking(): boolean {
    return this.#confirm !== undefined && !this.#confirm.typingReason;
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

  /** Takes a key while active; Ctrl+C answers no (a confirmation) or cancels (a list). */
  handleKey(data: string): void {
    if (this.#confirm) this.#confirm.handleKey(matchesKey(data, 'ctrl+c') ? '\x1b' : data);
    else if (this.#picker) {
      if (matchesKey(data, 'ctrl+c')) this.#picker.list.onCancel?.();
      else this.#picker.list.handleInput(data);
    }
    this.redraw();
  }

  render(width: number): string[] {
    return this.#confirm?.render(width) ?? this.#picker?.render(width) ?? [];
  }

  invalidate(): void {
    this.#picker?.invalidate();
  }
}
