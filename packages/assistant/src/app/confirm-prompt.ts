import { type Component, matchesKey } from '@mariozechner/pi-tui';
import type { ConfirmAnswer, ConfirmQuestion } from '../confirm/confirm-types.ts';
import { ruleOf } from '../confirm/inline-confirmer.ts';
import type { Theme } from '../render/theme.ts';
import { truncate, wrap } from '../render/width.ts';

/**
 * The question above the input while a tool waits for approval. Keys:
 * `y` yes, `a` always (this rule, this session), `n` no, then an optional
 * reason and Enter (Esc: no reason; none is asked for a slash command's own
 * question, `askReason: false`). Esc at the question itself declines
 * and, during a turn, the key handler cancels the turn too.
 */
export class ConfirmPrompt implements Component {
  #reason: string | undefined;

  constructor(
    readonly question: ConfirmQuestion,
    private readonly theme: Theme,
    private readonly answer: (answer: ConfirmAnswer) => void,
  ) {}

  /** True while the person types a reason after `n` (Esc then means "no reason"). */
  get typingReason(): boolean {
    return this.#reason !== undefined;
  }

  /** Takes one key; true when it was used. */
  handleKey(data: string): boolean {
    if (this.#reason !== undefined) {
      if (matchesKey(data, 'enter'))
        this.answer({ kind: 'no', ...(this.#reason.trim() ? { reason: this.#reason.trim() } : {}) });
      else if (matchesKey(data, 'escape')) this.answer({ kind: 'no' });
      else if (matchesKey(data, 'backspace')) this.#reason = this.#reason.slice(0, -1);
      else if (!data.startsWith('\x1b') && data >= ' ') this.#reason += data;
      return true;
    }
    const key = data.toLowerCase();
    if (key === 'y') this.answer({ kind: 'yes' });
    else if (key === 'a' && this.question.allowAlways) this.answer({ kind: 'always' });
    else if (key === 'n') {
      if (this.question.askReason === false) this.answer({ kind: 'no' });
      else this.#reason = '';
    } else if (matchesKey(data, 'escape')) this.answer({ kind: 'no' });
    return true;
  }

  render(width: number): string[] {
    const t = this.theme;
    const { request, allowAlways } = this.question;
    const lines = wrap(`${t.warning('?')} ${t.bold(`[${request.tool}]`)} ${request.title}`, width);
    for (const w of request.warnings) lines.push(truncate(t.warning(`  ! the text contains ${w}`), width));
    if (request.detail && request.effect !== 'writesFile') {
      for (const l of request.detail.split('\n').slice(0, 12))
        lines.push(truncate(`  ${t.dim('$')} ${l}`, width));
    }
    if (this.#reason !== undefined) {
      lines.push(truncate(`  reason for the model (Enter to send, Esc for none): ${this.#reason}█`, width));
    } else {
      const always = allowAlways ? ` · ${t.bold('a')} always allow ${ruleOf(request)} this session` : '';
      lines.push(truncate(`  ${t.bold('y')} yes · ${t.bold('n')} no${always}`, width));
    }
    return lines;
  }

  invalidate(): void {}
}
