import { watch } from 'node:fs';
import type { Corpus } from './corpus.ts';
import type { IndexReport } from './index-report.ts';

/** Options of {@link watchCorpus}. */
export interface WatchCorpusOptions {
  /** Quiet time after the last change before indexing again (default 300 ms): a save is often several events. */
  readonly debounceMs?: number;
  /** Called after each pass triggered by changes. */
  readonly onIndexed?: (report: IndexReport) => void;
  /** Called when a pass fails; watching goes on. */
  readonly onError?: (error: unknown) => void;
  /** Stops watching. */
  readonly signal?: AbortSignal;
}

/**
 * Follows changes under `dirs` (recursive `fs.watch`) and runs an
 * incremental {@link Corpus.reindex} once they settle; passes never overlap
 * (changes during a pass trigger one more). Resolves when `signal` aborts.
 */
export async function watchCorpus(
  corpus: Corpus,
  dirs: readonly string[],
  options: WatchCorpusOptions = {},
): Promise<void> {
  const { signal } = options;
  if (signal?.aborted) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const pass = async (): Promise<void> => {
    try {
      options.onIndexed?.(await corpus.reindex(dirs, { signal }));
    } catch (error) {
      if (!signal?.aborted) options.onError?.(error);
    }
  };
  const trigger = () => {
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again && !signal?.aborted) {
        again = false;
        trigger();
      }
    });
  };
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(trigger, options.debounceMs ?? 300);
  };
  const watchers = dirs.map((dir) => watch(dir, { recursive: true }, changed));
  await new Promise<void>((resolve) => {
    if (signal === undefined) return; // watches until the process ends
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
}
