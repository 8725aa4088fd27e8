/** Finds a model's context window; `undefined` when it cannot be known. */
export type ContextWindowProbe = (signal?: AbortSignal) => Promise<number | undefined>;

/**
 * Wraps a probe so it runs once per model: the first call's promise is shared,
 * and reused for every later call. A probe that throws (e.g. aborted) is not
 * cached, so a later call probes again. `explicit` wins without probing.
 */
export function cachedContextWindow(
  explicit: number | undefined,
  probe: ContextWindowProbe | undefined,
): (options?: { signal?: AbortSignal }) => Promise<number | undefined> {
  if (explicit !== undefined) return () => Promise.resolve(explicit);
  if (!probe) return () => Promise.resolve(undefined);
  let cached: Promise<number | undefined> | undefined;
  return (options) => {
    if (!cached) {
      cached = probe(options?.signal);
      cached.catch(() => {
        cached = undefined;
      });
    }
    return cached;
  };
}
