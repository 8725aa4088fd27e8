import type { Component } from '@mariozechner/pi-tui';
import type { Theme } from './theme.ts';
import { truncate } from './width.ts';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** What the status line shows. */
export interface StatusState {
  /** `provider:modelId`. */
  readonly model: string;
  /** Tokens in the context after the latest response; undefined before one. */
  readonly contextTokens: number | undefined;
  /** The model's context window, when known. */
  readonly contextWindow: number | undefined;
  /** Session totals from the Runs' usage. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** USD; undefined when a price is unknown; null before anything is spent (not shown). */
  readonly costUsd: number | undefined | null;
  readonly sessionId: string;
  /** When the running turn started (ms); undefined when idle. */
  readonly busySince: number | undefined;
  /** A short word about the state: `thinking`, `waiting for you`. */
  readonly activity?: string;
  /** Background commands still running (shown when there are any). */
  readonly background?: number;
  /** The permission mode (`default`, `plan`, …); shown after the model, always, once set. */
  readonly mode?: string;
}

/** `12.2k`, `980`, `1.5M`. */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** The status line's text, without the spinner: model · permission mode · ctx used/window · tokens in/out · cost · session. */
export function statusText(s: StatusState): string {
  const ctx = `ctx ${s.contextTokens === undefined ? '-' : compactCount(s.contextTokens)}/${s.contextWindow === undefined ? '?' : compactCount(s.contextWindow)}`;
  const tokens = `↑${s.inputTokens} ↓${s.outputTokens} tok`;
  // Nothing before the first Run; then the sum, or `$?` when a price is unknown (never $0.0000 that turns into $?).
  const cost =
    s.costUsd === null
      ? []
      : [s.costUsd === undefined ? '$?' : `$${s.costUsd.toFixed(s.costUsd < 1 ? 4 : 2)}`];
  const background = s.background ? [`${s.background} in background`] : [];
  const mode = s.mode === undefined ? [] : [`${s.mode} mode`];
  // Early in the line: a narrow terminal cuts the end.
  return [s.model, ...mode, ...background, ctx, tokens, ...cost, `session ${s.sessionId}`].join(' · ');
}

/** The bottom line: a spinner with the elapsed time while a turn runs, then the status text. */
export class StatusLine implements Component {
  #state: StatusState;
  #now: () => number;
  #drawn: { text: string; width: number; lines: string[] } | undefined;

  constructor(
    initial: StatusState,
    private readonly theme: Theme,
    now: () => number = Date.now,
  ) {
    this.#state = initial;
    this.#now = now;
  }

  /** The state before anything happened: no model yet, no tokens, idle. */
  static idle(sessionId: string): StatusState {
    return {
      model: '',
      contextTokens: undefined,
      contextWindow: undefined,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: null,
      sessionId,
      busySince: undefined,
    };
  }

  get state(): StatusState {
    return this.#state;
  }

  update(change: Partial<StatusState>): void {
    this.#state = { ...this.#state, ...change };
  }

  render(width: number): string[] {
    const s = this.#state;
    let busy = '';
    if (s.busySince !== undefined) {
      const elapsed = Math.max(0, this.#now() - s.busySince);
      const frame = SPINNER[Math.floor(elapsed / 100) % SPINNER.length];
      busy = `${this.theme.accent(frame ?? '')} ${s.activity ?? 'working'} ${(elapsed / 1000).toFixed(1)}s · `;
    } else if (s.activity) busy = `${s.activity} · `;
    const text = busy + this.theme.dim(statusText(s));
    // Drawn every frame; measured only when it changed.
    if (text !== this.#drawn?.text || width !== this.#drawn.width)
      this.#drawn = { text, width, lines: [truncate(text, width)] };
    return this.#drawn.lines;
  }

  invalidate(): void {}
}
