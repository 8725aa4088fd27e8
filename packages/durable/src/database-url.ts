import { DurableSetupError } from './errors.ts';

/** The environment variable read when no `database` option is given. */
export const DATABASE_URL_ENV = 'KODAMA_DATABASE_URL';

/** How to get a Postgres, for the error a missing URL raises (the README repeats it). */
export const START_POSTGRES_HINT = [
  'Start a Postgres and pass its URL with --database or KODAMA_DATABASE_URL, for example:',
  '  Debian/Ubuntu: sudo apt-get install -y postgresql && sudo pg_ctlcluster 15 main start',
  '                 sudo -u postgres psql -c "ALTER USER postgres PASSWORD \'kodama\'"',
  '                 export KODAMA_DATABASE_URL=postgres://postgres:kodama@127.0.0.1:5432/postgres',
  '  a container:   docker run -d --name kodama-pg -e POSTGRES_PASSWORD=kodama -p 5432:5432 postgres:15',
  '                 export KODAMA_DATABASE_URL=postgres://postgres:kodama@127.0.0.1:5432/postgres',
].join('\n');

/**
 * The Postgres URL durable runs use: `given`, else `KODAMA_DATABASE_URL`.
 * @throws DurableSetupError when there is none, or it is not a `postgres://` / `postgresql://` URL.
 */
export function databaseUrl(given?: string, env: NodeJS.ProcessEnv = process.env): string {
  const url = given ?? env[DATABASE_URL_ENV];
  if (url === undefined || url.trim() === '') {
    throw new DurableSetupError(`durable runs need a PostgreSQL database.\n${START_POSTGRES_HINT}`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DurableSetupError(
      `the database URL is not a URL (got ${JSON.stringify(url)}); expected postgres://user@host:port/database`,
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new DurableSetupError(
      `the database URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//...)`,
    );
  }
  return url;
}
