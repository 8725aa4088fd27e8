// Postgres for the durable tests. CI (.ci/run) starts one private cluster and
// exports KODAMA_TEST_DATABASE_URL; every test file then shares it. Without
// that variable (a developer's `npm test`), the first call starts a private
// cluster of this file's own (initdb into a temp dir, pg_ctl on 127.0.0.1 with
// a free port, trust auth) and stops it when the process exits. Each caller
// gets a fresh database of its own, so test files never see each other's runs.
// With CI set and no Postgres at all, it throws: such tests fail, never skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import pg from 'pg';

/** The cluster's base URL (database `postgres`), or why there is none. */
export type PostgresAvailability = { readonly url: string } | { readonly skip: string };

let cluster: Promise<PostgresAvailability> | undefined;

/** The shared cluster: from the environment, else a private one started once per process. */
export function postgres(): Promise<PostgresAvailability> {
  cluster ??= locate();
  return cluster;
}

/**
 * A fresh, empty database on the cluster for one test file (dropped after the
 * file's tests). Returns `{ skip }` only when Postgres is missing and `CI` is unset.
 * @throws Error when Postgres is missing and `CI` is set.
 */
export async function freshDatabase(label: string): Promise<PostgresAvailability> {
  const found = await postgres();
  if ('skip' in found) return found;
  const name = `kodama_${label.replace(/\W/g, '_')}_${process.pid}_${Date.now().toString(36)}`;
  await admin(found.url, `CREATE DATABASE ${name}`);
  after(() => admin(found.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}));
  return { url: withDatabase(found.url, name) };
}

/** `url` with its database replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function locate(): Promise<PostgresAvailability> {
  const fromEnv = process.env.KODAMA_TEST_DATABASE_URL;
  if (fromEnv) return { url: fromEnv };
  const bin = postgresBin();
  if (!bin) {
    const why =
      'Postgres is not installed (no initdb/pg_ctl on PATH or under /usr/lib/postgresql/*/bin); ' +
      'install the Debian package `postgresql`, or set KODAMA_TEST_DATABASE_URL';
    if (process.env.CI) throw new Error(`the durable tests need Postgres: ${why}`);
    return { skip: why };
  }
  return { url: await startCluster(bin) };
}

function postgresBin(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (onPath && existsSync(join(onPath, '..', 'initdb'))) return join(onPath, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  return undefined;
}

/** A private cluster; as root (initdb refuses root) it runs as the `postgres` user. */
async function startCluster(bin: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (file: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    execFileSync(cmd as string, argv as string[], { stdio: 'pipe' });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  const stop = () => {
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
