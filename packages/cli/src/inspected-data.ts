import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionStore } from '@kodama/core/session';
import type { RunEventSource } from '@kodama/inspector';
import type { InspectArgs } from './inspect-args.ts';
import { eventsDir, openSessionStore } from './session-store.ts';

/** What `kodama inspect` shows: a session store and, for durable runs, where their events are. */
export interface InspectedData {
  readonly store: SessionStore;
  /** Run events beyond the local recordings (the durable log); absent without a database. */
  readonly runEvents?: RunEventSource;
  close(): Promise<void>;
}

/**
 * The local session store `--store` names; with `--database` (or
 * `$KODAMA_DATABASE_URL`), the Postgres session store and the durable runs'
 * event log instead. A Run recorded locally (`kodama ask --session`) is still
 * read from its local file; any other from the durable log.
 *
 * @throws DurableSetupError when the database URL is not a postgres:// URL.
 */
export async function inspectedData(args: InspectArgs, env: NodeJS.ProcessEnv): Promise<InspectedData> {
  const url = args.database ?? env.KODAMA_DATABASE_URL;
  if (url === undefined || url === '') {
    const store = await openSessionStore(args.store, env);
    return { store, close: () => store.close() };
  }
  const durable = await import('@kodama/durable');
  const { readRunEvents } = await import('@kodama/inspector');
  const database = durable.databaseUrl(url, env);
  const store = await durable.PostgresSessionStore.open({ url: database });
  const runs = await durable.DurableRuns.connect(database);
  const local = eventsDir(env);
  return {
    store,
    runEvents: (runId, from) =>
      existsSync(join(local, `${runId}.jsonl`))
        ? readRunEvents(local, runId, from)
        : runs.recordedEvents(runId, from),
    close: async () => {
      await runs.close();
      await store.close();
      await durable.shutdownDurable();
    },
  };
}
