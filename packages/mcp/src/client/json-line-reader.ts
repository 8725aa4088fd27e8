// MCP's stdio framing, read in linear time: one JSON-RPC message per line.
// The SDK's ReadBuffer copies the whole buffer on every chunk (a 10 MB
// message took 0.6 s) and throws past 10 MiB from `append`, which a 'data'
// listener cannot catch well. Here the chunks of an unfinished line are kept
// as they came and joined once at its end; a line over the limit is an error
// the transport reports (and ends the server), never a thrown listener.
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest message accepted from a server by default (64 MiB; an image or a long file fits). */
export const MAX_MCP_LINE_BYTES = 64 * 1024 * 1024;

/** A server sent a line over the limit: it is dropped and the connection should end. */
export class McpLineTooLongError extends Error {
  constructor(readonly limit: number) {
    const size = limit % (1024 * 1024) === 0 ? `${limit / 1024 / 1024} MiB` : `${limit} bytes`;
    super(`the MCP server sent a message over ${size}; it was dropped and the server stopped`);
    this.name = 'McpLineTooLongError';
  }
}

/** What one chunk gave: the messages it completed, and a problem per bad line. */
export interface ReadLines {
  readonly messages: JSONRPCMessage[];
  readonly errors: Error[];
}

/** Splits a byte stream at newlines into JSON-RPC messages (see the file comment). */
export class JsonLineReader {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** True after an over-long line, until its end: the rest of it is skipped. */
  #skipping = false;

  constructor(private readonly limit = MAX_MCP_LINE_BYTES) {}

  /** Takes the next chunk; returns the messages of the lines it ended. */
  push(chunk: Buffer): ReadLines {
    const messages: JSONRPCMessage[] = [];
    const errors: Error[] = [];
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, end);
      start = end + 1;
      if (this.#skipping) {
        this.#skipping = false;
        continue;
      }
      if (this.#pendingBytes + part.length > this.limit) {
        this.#reset();
        errors.push(new McpLineTooLongError(this.limit));
        continue;
      }
      const line = this.#pending.length === 0 ? part : Buffer.concat([...this.#pending, part]);
      this.#reset();
      const text = line.toString('utf8').replace(/\r$/, '');
      if (text.trim() === '') continue;
      try {
        messages.push(deserializeMessage(text));
      } catch (error) {
        errors.push(error as Error);
      }
    }
    const rest = chunk.subarray(start);
    if (rest.length > 0 && !this.#skipping) {
      if (this.#pendingBytes + rest.length > this.limit) {
        this.#reset();
        this.#skipping = true;
        errors.push(new McpLineTooLongError(this.limit));
      } else {
        this.#pending.push(rest);
        this.#pendingBytes += rest.length;
      }
    }
    return { messages, errors };
  }

  /** Forgets an unfinished line. */
  clear(): void {
    this.#reset();
    this.#skipping = false;
  }

  #reset(): void {
    this.#pending = [];
    this.#pendingBytes = 0;
  }
}
