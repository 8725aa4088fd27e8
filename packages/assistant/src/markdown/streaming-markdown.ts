import { ControlSequenceStripper } from '@kodama/core/listeners';
import type { Component } from '@mariozechner/pi-tui';
import { lexer, type Token } from 'marked';
import type { Theme } from '../render/theme.ts';
import { renderBlocks } from './render-blocks.ts';

/** One finished stretch of the answer: lexed once, rendered once per width. */
interface Block {
  readonly tokens: Token[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Markdown that arrives in pieces. The text is cut at blank lines outside
 * code fences: everything before the last cut is finished, lexed once and
 * rendered once per width; only the unfinished tail is lexed and rendered
 * again when a piece arrives. So the work per piece is proportional to the
 * tail (one paragraph, one code block), not to the answer. Each piece loses
 * its terminal control sequences first (one stripper for the stream, so a
 * sequence split across pieces goes whole): only kodama's styling reaches the screen.
 */
export class StreamingMarkdown implements Component {
  readonly #theme: Theme;
  readonly #blocks: Block[] = [];
  #source = '';
  readonly #stripper = new ControlSequenceStripper();
  #tail = '';
  /** How far into the tail lines have been scanned for a cut. */
  #scanned = 0;
  /** The fence that opened a code block still open at `#scanned`. */
  #fence: string | undefined;
  #width = -1;
  #stableLines: string[] = [];
  #tailLines: string[] | undefined;
  #lines: string[] | undefined;

  constructor(theme: Theme, text = '') {
    this.#theme = theme;
    if (text) this.append(text);
  }

  /** Everything appended so far, as shown (control sequences removed). */
  get text(): string {
    return this.#source;
  }

  /** Adds a piece of the answer. */
  append(piece: string): void {
    const delta = this.#stripper.push(piece);
    if (delta === '') return;
    this.#source += delta;
    this.#tail += delta;
    this.#tailLines = undefined;
    this.#lines = undefined;
    this.#cut();
  }

  /** The answer is complete: the tail becomes a finished block. */
  finish(): void {
    const owed = this.#stripper.end();
    if (owed !== '') this.append(owed);
    if (this.#tail.trim() !== '') this.#commit(this.#tail);
    this.#tail = '';
    this.#scanned = 0;
    this.#fence = undefined;
    this.#tailLines = undefined;
    this.#lines = undefined;
  }

  #cut(): void {
    const tail = this.#tail;
    let cut = -1;
    let at = this.#scanned;
    for (let end = tail.indexOf('\n', at); end >= 0; end = tail.indexOf('\n', at)) {
      const line = tail.slice(at, end);
      const fence = FENCE.exec(line)?.[1];
      if (this.#fence !== undefined) {
        if (
          fence !== undefined &&
          fence[0] === this.#fence[0] &&
          fence.length >= this.#fence.length &&
          line.trim() === fence
        )
          this.#fence = undefined;
      } else if (fence !== undefined) this.#fence = fence;
      else if (line.trim() === '' && at > 0) cut = end + 1;
      at = end + 1;
    }
    this.#scanned = at;
    if (cut <= 0) return;
    this.#commit(tail.slice(0, cut));
    this.#tail = tail.slice(cut);
    this.#scanned -= cut;
  }

  #commit(chunk: string): void {
    const block = { tokens: lexer(chunk) };
    this.#blocks.push(block);
    if (this.#width > 0) this.#appendLines(block, this.#width);
  }

  #appendLines(block: Block, width: number): void {
    const lines = renderBlocks(block.tokens, width, this.#theme);
    if (lines.length === 0) return;
    if (this.#stableLines.length > 0) this.#stableLines.push('');
    for (const l of lines) this.#stableLines.push(l);
  }

  /** Lines of at most `width` columns; finished blocks come from the cache. */
  render(width: number): string[] {
    if (width !== this.#width) {
      this.#width = width;
      this.#stableLines = [];
      for (const b of this.#blocks) this.#appendLines(b, width);
      this.#tailLines = undefined;
      this.#lines = undefined;
    }
    if (this.#lines) return this.#lines;
    this.#tailLines ??= this.#tail.trim() === '' ? [] : renderBlocks(lexer(this.#tail), width, this.#theme);
    if (this.#tailLines.length === 0) this.#lines = this.#stableLines.slice();
    else if (this.#stableLines.length === 0) this.#lines = this.#tailLines;
    else this.#lines = [...this.#stableLines, '', ...this.#tailLines];
    return this.#lines;
  }

  /** Drops the caches (a theme or width change re-renders everything). */
  invalidate(): void {
    this.#width = -1;
    this.#lines = undefined;
  }
}
