import pg from 'pg';
import { EVENTS_CHANNEL } from './event-writer.ts';

/** One LISTEN connection per database, shared by every follower of the process. */
interface Hub {
  readonly ready: Promise<pg.Client>;
  readonly waiters: Map<string, Set<() => void>>;
}

const hubs = new Map<string, Hub>();

function hub(url: string): Hub {
  let found = hubs.get(url);
  if (found) return found;
  const waiters = new Map<string, Set<() => void>>();
  const ready = (async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    client.on('notification', (n) => {
      for (const wake of waiters.get(n.payload ?? '') ?? []) wake();
    });
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    return client;
  })();
  found = { ready, waiters };
  hubs.set(url, found);
  ready.catch(() => hubs.delete(url));
  return found;
}

/** A follower's view of one run's writes (see {@link watchWrites}). */
export interface WriteWatch {
  /** Resolves at once when a write came since the last call, else at the next write, after `ms`, or on abort. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
  /** Stops watching. */
  close(): void;
}

/**
 * Watches writes to `runId`'s events (NOTIFYs) over the process's one LISTEN
 * connection to the database: a connection per follower would cost a server
 * process each. Watch before reading, so a write between a read and the wait
 * is not missed.
 */
export async function watchWrites(url: string, runId: string): Promise<WriteWatch> {
  const h = hub(url);
  await h.ready;
  let dirty = false;
  let wake: (() => void) | undefined;
  const onWrite = () => {
    dirty = true;
    wake?.();
  };
  let set = h.waiters.get(runId);
  if (!set) {
    set = new Set();
    h.waiters.set(runId, set);
  }
  set.add(onWrite);
  return {
    wait(ms, signal) {
      if (dirty || signal?.aborted) {
        dirty = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          wake = undefined;
          dirty = false;
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done, { once: true });
        wake = done;
      });
    },
    close() {
      set.delete(onWrite);
      if (set.size === 0 && h.waiters.get(runId) === set) h.waiters.delete(runId);
    },
  };
}

/** Closes the shared LISTEN connections (the runtime's shutdown calls it). */
export async function closeNotifications(): Promise<void> {
  const all = [...hubs.values()];
  hubs.clear();
  await Promise.all(all.map((h) => h.ready.then((c) => c.end()).catch(() => {})));
}
