/**
 * A background queue that runs capture tasks one at a time, in order, off
 * the turn's critical path (a capture is one or two model calls). A failed
 * task is reported and the queue goes on. `flush()` waits for everything
 * queued so far: the memory extension calls it when its agent closes.
 */
export class Recorder {
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void) {
    this.#onError = onError;
  }

  /** Tasks queued or running. */
  get pending(): number {
    return this.#pending;
  }

  /** Queues `task` after the ones queued before it. */
  enqueue(task: () => Promise<void>): void {
    this.#pending++;
    this.#tail = this.#tail
      .then(task)
      .catch((error: unknown) => this.#onError(error))
      .finally(() => {
        this.#pending--;
      });
  }

  /** Resolves once every task queued so far has settled. */
  flush(): Promise<void> {
    return this.#tail;
  }
}
