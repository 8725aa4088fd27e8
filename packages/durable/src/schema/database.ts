import pg from 'pg';
import { DurableSetupError } from '../errors.ts';
import { migrate } from './migrations.ts';

const pools = new Map<string, Promise<pg.Pool>>();

/**
 * The process's pool for `url`, with kodama's tables migrated: one per URL,
 * shared by the event log, the heartbeats and the session store.
 * @throws DurableSetupError when the database does not answer.
 */
export function database(url: string): Promise<pg.Pool> {
  let pool = pools.get(url);
  if (!pool) {
    pool = connect(url);
    pools.set(url, pool);
    pool.catch(() => pools.delete(url));
  }
  return pool;
}

async function connect(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new DurableSetupError(`cannot use the database ${redact(url)}: ${reason}`, { cause: error });
  }
  return pool;
}

/** Closes every pool this process opened (the runtime's shutdown calls it). */
export async function closeDatabases(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.then((pool) => pool.end()).catch(() => {})));
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
