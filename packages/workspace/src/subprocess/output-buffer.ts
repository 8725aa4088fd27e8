/**
 * Collects a process's output under a byte cap, keeping the head and the tail
 * (errors tend to be at the end) and counting what was dropped in between.
 * Memory stays bounded no matter how much a command prints.
 */
export class OutputBuffer {
  readonly #headCap: number;
  readonly #tailCap: number;
  #head: Buffer[] = [];
  #headBytes = 0;
  #tail: Buffer[] = [];
  #tailBytes = 0;
  #dropped = 0;

  /** @param maxBytes total bytes kept (half for the head, half for the tail once the cap is hit). */
  constructor(maxBytes: number) {
    this.#headCap = Math.ceil(maxBytes / 2);
    this.#tailCap = Math.floor(maxBytes / 2);
  }

  /** Appends one chunk. */
  push(chunk: Buffer): void {
    if (this.#headBytes < this.#headCap) {
      const take = Math.min(chunk.length, this.#headCap - this.#headBytes);
      this.#head.push(chunk.subarray(0, take));
      this.#headBytes += take;
      chunk = chunk.subarray(take);
      if (chunk.length === 0) return;
    }
    this.#tail.push(chunk);
    this.#tailBytes += chunk.length;
    while (this.#tailBytes > this.#tailCap && this.#tail.length > 0) {
      const first = this.#tail[0]!;
      const excess = this.#tailBytes - this.#tailCap;
      if (first.length <= excess) {
        this.#tail.shift();
        this.#tailBytes -= first.length;
        this.#dropped += first.length;
      } else {
        this.#tail[0] = first.subarray(excess);
        this.#tailBytes -= excess;
        this.#dropped += excess;
      }
    }
  }

  /** Bytes dropped from the middle so far. */
  get droppedBytes(): number {
    return this.#dropped;
  }

  /** The kept text, with a marker where bytes were dropped. */
  text(): string {
    const head = Buffer.concat(this.#head).toString('utf8');
    const tail = Buffer.concat(this.#tail).toString('utf8');
    if (this.#dropped === 0) return head + tail;
    return `${head}\n[... ${this.#dropped} bytes of output truncated ...]\n${tail}`;
  }
}
