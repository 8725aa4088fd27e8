import { StringDecoder } from 'node:string_decoder';

/**
 * Reads an SSE body and calls `onData` with each event's `data` payload.
 * A hand-written line splitter: one decode per network chunk and one
 * `indexOf` scan per line, no TransformStreams. Multi-line `data:` fields are
 * joined with `\n` as the SSE spec says; comments and other fields are skipped.
 * Returns `true` when `onData` asked to stop (it returned `true`, e.g. on `[DONE]`).
 */
export class SseDataSplitter {
  // StringDecoder rather than TextDecoder: it keeps split UTF-8 sequences
  // across chunks just the same, without TextDecoder's per-call options
  // conversion and per-instance ICU converter, which dominated per-delta cost.
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private data: string | undefined;

  /** Feeds one network chunk (or `undefined` at end of body) and reports complete events. */
  feed(bytes: Uint8Array | undefined, onData: (data: string) => boolean | undefined): boolean {
    const text = bytes ? this.decoder.write(bytes) : this.decoder.end();
    let buffer = this.rest ? this.rest + text : text;
    if (!bytes && buffer && !buffer.endsWith('\n')) buffer += '\n';
    let start = 0;
    for (let newline = buffer.indexOf('\n'); newline !== -1; newline = buffer.indexOf('\n', start)) {
      let line = buffer.slice(start, newline);
      start = newline + 1;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (this.data !== undefined) {
          const data = this.data;
          this.data = undefined;
          if (onData(data)) return true;
        }
      } else if (line.startsWith('data:')) {
        const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
        this.data = this.data === undefined ? value : `${this.data}\n${value}`;
      }
    }
    this.rest = buffer.slice(start);
    if (!bytes && this.data !== undefined) {
      const data = this.data;
      this.data = undefined;
      return onData(data) === true;
    }
    return false;
  }
}
