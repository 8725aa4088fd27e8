/**
 * A single-consumer async queue: the producer pushes without waiting, the
 * consumer pulls with `for await`. Items wait in memory until pulled; when
 * the consumer stops early (break), later items are dropped instead of kept.
 */
export class EventQueue<T> implements AsyncIterable<T> {
  #items: T[] = [];
  #head = 0;
  #wake: (() => void) | undefined;
  #ended = false;
  #abandoned = false;
  #iterating = false;

  /** Adds an item (dropped once the consumer has gone). */
  push(item: T): void {
    if (this.#abandoned || this.#ended) return;
    this.#items.push(item);
    this.#wake?.();
  }

  /** No more items will come; the iteration ends after the queued ones. */
  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.#iterating) throw new TypeError('a Run stream can be iterated only once');
    this.#iterating = true;
    try {
      for (;;) {
        if (this.#head < this.#items.length) {
          const item = this.#items[this.#head]!;
          this.#items[this.#head++] = undefined as T; // let it be collected
          if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
            this.#items = this.#items.slice(this.#head);
            this.#head = 0;
          }
          yield item;
          continue;
        }
        if (this.#ended) return;
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
        this.#wake = undefined;
      }
    } finally {
      this.#abandoned = true;
      this.#items = [];
    }
  }
}
