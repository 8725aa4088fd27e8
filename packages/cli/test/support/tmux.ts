// Drives a real terminal program under tmux: start it, type, read the screen.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** True when tmux is on the PATH. */
export function haveTmux(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

/** Quotes a word for sh. */
function sh(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** One tmux server (its own socket) running one window. */
export class TmuxSession {
  readonly #socket = `kodama-test-${randomBytes(4).toString('hex')}`;

  /** Starts `argv` in `cwd` with exactly `env`, on a `columns`×`rows` terminal. The window stays after the program exits. */
  start(
    argv: readonly string[],
    options: { cwd: string; env: NodeJS.ProcessEnv; columns?: number; rows?: number },
  ): void {
    const vars = Object.entries(options.env)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${sh(v as string)}`);
    const command = `cd ${sh(options.cwd)} && env -i ${vars.join(' ')} TERM=xterm-256color ${argv.map(sh).join(' ')}; echo "[exit $?]"; sleep 600`;
    this.#tmux(
      'new-session',
      '-d',
      '-s',
      'main',
      '-x',
      String(options.columns ?? 100),
      '-y',
      String(options.rows ?? 40),
      command,
    );
  }

  /** Sends keys: literal text, or tmux key names such as `Enter`, `C-c`, `Escape`. */
  keys(...keys: string[]): void {
    this.#tmux('send-keys', '-t', 'main', ...keys);
  }

  /** Types text literally (no key names). */
  type(text: string): void {
    this.#tmux('send-keys', '-t', 'main', '-l', text);
  }

  /** The visible screen plus the scrollback, as text. */
  screen(): string {
    return this.#tmux('capture-pane', '-p', '-J', '-S', '-500', '-t', 'main');
  }

  /** The visible screen plus all of the scrollback, as text (wrapped lines joined). */
  history(): string {
    return this.#tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'main');
  }

  /** The visible screen only, line by line as the terminal shows it (no joining of wrapped lines). */
  visible(): string {
    return this.#tmux('capture-pane', '-p', '-t', 'main');
  }

  /** Resizes the terminal (the program gets SIGWINCH). */
  resize(columns: number, rows: number): void {
    this.#tmux('resize-window', '-t', 'main', '-x', String(columns), '-y', String(rows));
  }

  /**
   * Polls the screen until `expected` shows (text, a pattern, or a test of
   * the whole screen). A hang guard, not a speed check: the limit is
   * generous for a loaded machine, and a miss fails with the screen.
   */
  async waitFor(
    expected: string | RegExp | ((screen: string) => boolean),
    limitMs = 90_000,
    read: () => string = () => this.screen(),
  ): Promise<string> {
    const until = Date.now() + limitMs;
    for (;;) {
      const screen = read();
      const seen =
        typeof expected === 'string'
          ? screen.includes(expected)
          : expected instanceof RegExp
            ? expected.test(screen)
            : expected(screen);
      if (seen) return screen;
      if (Date.now() > until) throw new Error(`never saw ${String(expected)} on the screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Waits until the assistant is idle: its status line (the last line with
   * text) starts with the model, not with a spinner or a question.
   */
  async waitIdle(model = 'openai-compatible:'): Promise<string> {
    return this.waitFor(
      (screen) => {
        const lines = screen.split('\n').filter((l) => l.trim() !== '');
        return lines.at(-1)?.trimStart().startsWith(model) === true && !screen.includes('y yes · n no');
      },
      undefined,
      () => this.visible(),
    );
  }

  /** A tmux format of the pane (`#{cursor_flag}`: 1 while the cursor shows). */
  pane(format: string): string {
    return this.#tmux('display-message', '-p', '-t', 'main', format).trim();
  }

  /** The process id of the program started (the child of the pane's shell). */
  programPid(): number {
    const shell = this.pane('#{pane_pid}');
    const child = spawnSync('pgrep', ['-P', shell], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
    if (!child) throw new Error(`the pane's shell ${shell} runs no program`);
    return Number(child);
  }

  /** Ends the tmux server and what runs in it. */
  kill(): void {
    spawnSync('tmux', ['-L', this.#socket, 'kill-server']);
  }

  #tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.#socket, ...args], { encoding: 'utf8' });
  }
}
