import { ModelError } from '@kodama/core';

const LF = 10;
const CR = 13;

/**
 * The longest line the splitter holds: 256 MiB. A longer one (a server that
 * never ends its line) is refused with a `ModelError` before it takes the
 * memory; V8 could not make a string of much more than twice that anyway.
 */
export const MAX_SSE_LINE_BYTES = 256 * 2 ** 20;

/** `bytes` as a Buffer without copying (Buffer's byte searches and decoding are native). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Reads an SSE body and calls `onData` with each event's `data` payload.
 * A hand-written line splitter, no TransformStreams. Lines end with LF, CRLF
 * or a lone CR, as the SSE spec allows. Multi-line `data:` fields are joined
 * with `\n` as the spec says; comments and other fields are skipped.
 *
 * Linear in the input however long a line is. The splitter works on bytes:
 * CR and LF bytes never occur inside a UTF-8 sequence, so a cut there never
 * splits a character. Per chunk, the complete lines are decoded at once and
 * split as a string (one scan per line end); the line still under way is kept
 * as the bytes received and decoded once, when its end arrives. (Appending to
 * one string and searching it from the start made a 50 MB line cost minutes:
 * every chunk re-read all that came before.) The chunks handed to
 * {@link feed} are kept until their line ends, so they must not be reused by
 * the caller (a stream reader hands out fresh ones).
 */
export class SseDataSplitter {
  /** Whether bytes of a line are held whose end has not arrived yet. */
  get midLine(): boolean {
    return this.pendingBytes > 0;
  }

  /** Bytes of the line under way, as received: its end has not arrived yet. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private data: string | undefined;
  /** The last chunk ended with a CR: an LF first in the next one ends no second line. */
  private afterCR = false;

  /** @param maxLineBytes the longest line held (tests shrink it); {@link MAX_SSE_LINE_BYTES} by default. */
  constructor(private readonly maxLineBytes = MAX_SSE_LINE_BYTES) {}

  /**
   * Feeds one network chunk (or `undefined` at end of body) and reports complete
   * events. Returns `true` when `onData` asked to stop (it returned `true`, e.g.
   * on `[DONE]`); the rest of the chunk is then not read.
   */
  feed(bytes: Uint8Array | undefined, onData: (data: string) => boolean | undefined): boolean {
    if (!bytes) return this.end(onData);
    const chunk = asBuffer(bytes);
    let from = 0;
    if (this.afterCR && chunk.length > 0) {
      this.afterCR = false;
      if (chunk[0] === LF) from = 1;
    }
    if (this.pendingBytes > 0) {
      // Only the first line end of this chunk can finish the line under way.
      const lf = chunk.indexOf(LF, from);
      const cr = chunk.indexOf(CR, from);
      const end = cr === -1 || (lf !== -1 && lf < cr) ? lf : cr;
      if (end === -1) {
        this.keep(chunk, from, chunk.length);
        return false;
      }
      this.keep(chunk, from, end);
      from = this.after(chunk, end);
      if (this.line(this.takePending(), onData)) return true;
    }
    const last = Math.max(chunk.lastIndexOf(LF), chunk.lastIndexOf(CR));
    if (last >= from) {
      if (this.lines(chunk.toString('utf8', from, last + 1), onData)) return true;
      if (last === chunk.length - 1 && chunk[last] === CR) this.afterCR = true;
      from = last + 1;
    }
    this.keep(chunk, from, chunk.length);
    return false;
  }

  /** End of body: an unterminated last line and event still count. */
  private end(onData: (data: string) => boolean | undefined): boolean {
    if (this.pendingBytes > 0 && this.line(this.takePending(), onData)) return true;
    if (this.data === undefined) return false;
    const data = this.data;
    this.data = undefined;
    return onData(data) === true;
  }

  /** Where the next line starts after the line end at `end` (a CRLF is one line end). */
  private after(chunk: Buffer, end: number): number {
    if (chunk[end] !== CR) return end + 1;
    if (end + 1 === chunk.length) this.afterCR = true;
    else if (chunk[end + 1] === LF) return end + 2;
    return end + 1;
  }

  private keep(chunk: Buffer, from: number, to: number): void {
    if (to <= from) return;
    this.pending.push(from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to));
    this.pendingBytes += to - from;
    if (this.pendingBytes > this.maxLineBytes) {
      this.pending = [];
      throw new ModelError(
        `the model stream sent a line longer than ${this.maxLineBytes} bytes without ending it; the stream was closed`,
      );
    }
  }

  /** The line under way, decoded once, now that it is complete. */
  private takePending(): string {
    const pieces = this.pending;
    const line =
      pieces.length === 1
        ? pieces[0]!.toString('utf8')
        : Buffer.concat(pieces, this.pendingBytes).toString('utf8');
    this.pending = [];
    this.pendingBytes = 0;
    return line;
  }

  /** Splits `text`, which ends with a line end, into lines; true when `onData` asked to stop. */
  private lines(text: string, onData: (data: string) => boolean | undefined): boolean {
    // Where the next LF and CR are; each is searched again only once passed,
    // so a text without CRs is searched for one once, not once per line.
    let start = 0;
    let lf = text.indexOf('\n');
    let cr = text.indexOf('\r');
    while (lf !== -1 || cr !== -1) {
      const from = start;
      let end: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        end = lf;
        start = lf + 1;
      } else {
        end = cr;
        start = text.charCodeAt(cr + 1) === LF ? cr + 2 : cr + 1;
      }
      if (this.line(text.slice(from, end), onData)) return true;
      if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
    }
    return false;
  }

  /** Handles one complete line; true when `onData` asked to stop. */
  private line(line: string, onData: (data: string) => boolean | undefined): boolean {
    if (line === '') {
      if (this.data === undefined) return false;
      const data = this.data;
      this.data = undefined;
      return onData(data) === true;
    }
    if (line.startsWith('data:')) {
      const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
      this.data = this.data === undefined ? value : `${this.data}\n${value}`;
    }
    return false;
  }
}
