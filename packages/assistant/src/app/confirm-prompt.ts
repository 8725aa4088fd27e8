import { type Component, matchesKey } from '@mariozechner/pi-tui';
import type { ConfirmAnswer, ConfirmQuestion } from '../confirm/confirm-types.ts';
import { ruleOf } from '../confirm/inline-confirmer.ts';
import type { RuleFileRef } from '../permissions/rule-files.ts';
import type { Theme } from '../render/theme.ts';
import { truncate, wrap } from '../render/width.ts';

/** A file scope of "always", chosen with its key and waiting for Enter. */
type Saving = { readonly scope: 'project' | 'user'; readonly file: RuleFileRef };

/**
 * The question above the input while a tool waits for approval. Keys:
 * `y` yes, `a` always (this rule, this session), `p` / `u` always, saved to
 * the project's / the user's configuration file (offered when the question
 * has such files): a second line names the rule and the file, and only Enter
 * saves (a permanent rule is never one stray key typed ahead; any other key
 * goes back to the question), `n` no, then an optional reason and Enter
 * (Esc: no reason; none is asked for a slash command's own question,
 * `askReason: false`). Esc at the question itself declines and, during a
 * turn, the key handler cancels the turn too.
 */
export class ConfirmPrompt implements Component {
  #reason: string | undefined;
  #saving: Saving | undefined;

  constructor(
    readonly question: ConfirmQuestion,
    private readonly theme: Theme,
    private readonly answer: (answer: ConfirmAnswer) => void,
  ) {}

  /** True while the person types a reason after `n` (Esc then means "no reason"). */
  get typingReason(): boolean {
    return this.#reason !== undefined;
  }

  /** True while a file scope waits for Enter (Esc then goes back to the question). */
  get confirmingSave(): boolean {
    return this.#saving !== undefined;
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
    if (this.#saving !== undefined) {
      const { scope } = this.#saving;
      this.#saving = undefined;
      if (matchesKey(data, 'enter')) this.answer({ kind: 'always', scope });
      return true;
    }
    const key = data.toLowerCase();
    const files = this.question.allowAlways ? this.question.alwaysFiles : undefined;
    if (key === 'y') this.answer({ kind: 'yes' });
    else if (key === 'a' && this.question.allowAlways) this.answer({ kind: 'always' });
    else if (key === 'p' && files?.project) this.#saving = { scope: 'project', file: files.project };
    else if (key === 'u' && files?.user) this.#saving = { scope: 'user', file: files.user };
    else if (key === 'n') {
      if (this.question.askReason === false) this.answer({ kind: 'no' });
      else this.#reason = '';
    } else if (matchesKey(data, 'escape')) this.answer({ kind: 'no' });
    return true;
  }

  render(width: number): string[] {
    const t = this.theme;
    const { request, allowAlways, alwaysFiles: files } = this.question;
    const lines = wrap(`${t.warning('?')} ${t.bold(`[${request.tool}]`)} ${request.title}`, width);
    for (const w of request.warnings) lines.push(truncate(t.warning(`  ! the text contains ${w}`), width));
    if (request.detail && request.effect !== 'writesFile') {
      for (const l of request.detail.split('\n').slice(0, 12))
        lines.push(truncate(`  ${t.dim('$')} ${l}`, width));
    }
    // The confirmer's rule (judged from the project root) is the one kept: show that one.
    const rule = allowAlways ? (this.question.rule ?? ruleOf(request)) : undefined;
    if (this.#reason !== undefined) {
      lines.push(truncate(`  reason for the model (Enter to send, Esc for none): ${this.#reason}█`, width));
    } else if (this.#saving !== undefined) {
      const where = this.#saving.scope === 'project' ? 'this project' : 'all your projects';
      lines.push(
        ...wrap(
          `  always allow ${t.bold(rule ?? '')} in ${where}: saved to ${this.#saving.file.label} · ${t.bold('Enter')} save · any other key back`,
          width,
        ),
      );
    } else {
      const always = allowAlways ? ` · ${t.bold('a')} always allow ${rule} this session` : '';
      lines.push(truncate(`  ${t.bold('y')} yes · ${t.bold('n')} no${always}`, width));
      if (allowAlways && files !== undefined) lines.push(...this.#fileChoices(files, width));
    }
    return lines;
  }

  /** The second line: `p` and `u` with the files they save to, or why the project's is not offered. */
  #fileChoices(files: NonNullable<ConfirmQuestion['alwaysFiles']>, width: number): string[] {
    const t = this.theme;
    const parts = [
      files.project
        ? `${t.bold('p')} always in this project (${files.project.label})`
        : files.projectWhyNot
          ? t.dim(`no p: ${files.projectWhyNot}`)
          : undefined,
      files.user ? `${t.bold('u')} always in all projects (${files.user.label})` : undefined,
    ].filter((p) => p !== undefined);
    return parts.length === 0 ? [] : wrap(`  ${parts.join(' · ')}`, width);
  }

  invalidate(): void {}
}
