import { RunStateError } from './run-errors.ts';

/** Something a Run closes when it ends: an object with `close()`, or a closer function. */
export type RunResource = { close(): unknown } | (() => unknown);

/** The entry of one `once` key: running (others wait on it) or done. */
type OnceEntry = { readonly running: Promise<unknown> } | 'done';

/**
 * What a Run owns: resources closed in reverse order of registration, and
 * `once` keys. Closing attempts every closer; the errors are returned, not
 * thrown, so the Run can report them in its terminal event.
 */
export class RunResources {
  readonly #closers: (() => unknown)[] = [];
  readonly #once = new Map<string, OnceEntry>();
  #closed = false;

  /**
   * Adds a resource to the Run's cleanup and returns it.
   *
   * @throws RunStateError once the Run has closed its resources.
   * @throws TypeError when it is neither a function nor an object with `close()`.
   */
  register<R extends RunResource>(resource: R): R {
    if (this.#closed)
      throw new RunStateError('the run has already closed its resources; register before it ends');
    if (typeof resource === 'function') this.#closers.push(resource);
    else if (typeof resource?.close === 'function') this.#closers.push(() => resource.close());
    else throw new TypeError('register expects an object with a close() method, or a closer function');
    return resource;
  }

  /**
   * Runs `fn` at most once successfully for `key` during the Run. The first
   * caller runs it and gets its value; callers arriving while it runs wait
   * for it; once it succeeded, later callers get `undefined` without running
   * it. A throwing attempt is not recorded: the next caller tries again.
   */
  async once<T>(key: string, fn: () => T | Promise<T>): Promise<T | undefined> {
    for (;;) {
      const entry = this.#once.get(key);
      if (entry === 'done') return undefined;
      if (entry === undefined) break;
      await entry.running.catch(() => {});
    }
    const running = (async () => fn())();
    this.#once.set(key, { running });
    try {
      const value = await running;
      this.#once.set(key, 'done');
      return value;
    } catch (error) {
      this.#once.delete(key);
      throw error;
    }
  }

  /** Closes every resource, last registered first, attempting all; returns the errors. Idempotent. */
  async close(): Promise<unknown[]> {
    if (this.#closed) return [];
    this.#closed = true;
    const errors: unknown[] = [];
    for (let i = this.#closers.length - 1; i >= 0; i--) {
      try {
        await this.#closers[i]!();
      } catch (error) {
        errors.push(error);
      }
    }
    return errors;
  }
}
