const settled = (): void => {};

/**
 * An async lock per key: tasks under the same key run one at a time, in the
 * order they were queued; tasks under different keys run concurrently. A
 * task's failure is its caller's alone and does not block the next task.
 * Stores use it to serialize the writes of one session.
 */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `task` once every task queued before it under `key` has settled. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.runAll([key], task);
  }

  /**
   * Runs `task` holding every key: once every task queued before it under
   * any of them has settled. It is queued under all keys at once, when
   * called, so it keeps its place in each queue and two tasks holding
   * overlapping keys cannot wait on each other forever.
   */
  runAll<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)];
    const result = Promise.all(unique.map((key) => this.#tails.get(key))).then(task);
    const tail = result.then(settled, settled);
    for (const key of unique) this.#tails.set(key, tail);
    // Forget idle keys, or a long-lived store would keep one entry per session it ever saw.
    void tail.then(() => {
      for (const key of unique) if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Resolves once every task queued so far has settled. */
  async idle(): Promise<void> {
    while (this.#tails.size > 0) await Promise.all(this.#tails.values());
  }
}
