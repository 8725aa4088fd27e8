/**
 * A push-to-pull bridge: callbacks push items, one consumer iterates them.
 * `end` finishes the iteration, `fail` makes it reject (after the items
 * already pushed). A consumer that stops early just stops reading.
 */
export class PartQueue<T> implements AsyncIterable<T> {
  readonly #items: T[] = [];
  #wake: (() => void) | undefined;
  #done = false;
  #error: { readonly error: unknown } | undefined;

  push(item: T): void {
    this.#items.push(item);
    this.#notify();
  }

  end(): void {
    this.#done = true;
    this.#notify();
  }

  fail(error: unknown): void {
    this.#error = { error };
    this.#done = true;
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      const item = this.#items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.#done) {
        if (this.#error) throw this.#error.error;
        return;
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }
}
