import { InvalidOptionError } from '@kodama/core';

/** Options of `wf.parallel`. */
export interface ParallelOptions {
  /** How many run at once; default 8. */
  readonly maxConcurrency?: number;
}

interface Runnable {
  run(visibility: 'nested', signal?: AbortSignal): Promise<{ output: string }>;
}

/**
 * Runs `items` at most `maxConcurrency` at a time; outputs in declaration
 * order. The first failure aborts the siblings (running ones stop, waiting
 * ones never start), waits for all to settle, then rejects with it.
 */
export async function runParallel(
  items: readonly Runnable[],
  options: ParallelOptions = {},
  runSignal: AbortSignal,
): Promise<string[]> {
  const limit = options.maxConcurrency ?? 8;
  if (!(Number.isInteger(limit) && limit >= 1))
    throw new InvalidOptionError('wf.parallel maxConcurrency', 'an integer of 1 or more', limit);
  const siblings = new AbortController();
  const outputs: string[] = new Array(items.length);
  let failure: { error: unknown } | undefined;
  let next = 0;
  const worker = async () => {
    while (next < items.length && !failure && !runSignal.aborted) {
      const index = next++;
      try {
        outputs[index] = (await items[index]!.run('nested', siblings.signal)).output;
      } catch (error) {
        if (!failure) {
          failure = { error };
          siblings.abort(error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  if (runSignal.aborted) throw runSignal.reason;
  return outputs;
}
