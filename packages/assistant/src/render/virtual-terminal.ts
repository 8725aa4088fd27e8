import type { Terminal } from '@mariozechner/pi-tui';

/**
 * A pi-tui Terminal with no TTY behind it: it records what is written, takes
 * keys from {@link type}, and has a fixed size. For tests and benchmarks.
 */
export class VirtualTerminal implements Terminal {
  /** Everything written so far. */
  output = '';
  /** Bytes written so far. */
  bytes = 0;
  #onInput: ((data: string) => void) | undefined;

  constructor(
    public columns = 80,
    public rows = 24,
  ) {}

  get kittyProtocolActive(): boolean {
    return false;
  }

  start(onInput: (data: string) => void): void {
    this.#onInput = onInput;
  }

  stop(): void {
    this.#onInput = undefined;
  }

  async drainInput(): Promise<void> {}

  write(data: string): void {
    this.output += data;
    this.bytes += Buffer.byteLength(data);
  }

  /** Sends keys as a terminal would (one string per key). */
  type(...keys: string[]): void {
    for (const k of keys) this.#onInput?.(k);
  }

  /** Forgets what was written (keeps the byte count). */
  reset(): void {
    this.output = '';
  }

  moveBy(): void {}
  hideCursor(): void {}
  showCursor(): void {}
  clearLine(): void {}
  clearFromCursor(): void {}
  clearScreen(): void {}
  setTitle(): void {}
  setProgress(): void {}
}
