const settled = (): void => {};

/**
 * An async lock per key: tasks under the same key run one at a time, in the
 * order `run` was called; tasks under different keys run concurrently. A
 * task's failure is its caller's alone and does not block the next task.
 * Stores use it to serialize the writes of one session.
 */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `task` once every task queued before it under `key` has settled. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.#tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(settled, settled);
    this.#tails.set(key, tail);
    // Forget idle keys, or a long-lived store would keep one entry per session it ever saw.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /**
   * Runs `task` holding every key. Keys are taken in sorted order, so two
   * callers holding overlapping sets cannot wait on each other forever.
   */
  runAll<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const hold = (i: number): Promise<T> =>
      i === sorted.length ? task() : this.run(sorted[i]!, () => hold(i + 1));
    return hold(0);
  }

  /** Resolves once every task queued so far has settled. */
  async idle(): Promise<void> {
    while (this.#tails.size > 0) await Promise.all(this.#tails.values());
  }
}
