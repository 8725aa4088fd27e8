import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defaultSessionDir, JsonlSessionStore, type SessionStore } from '@kodama/core';
import type { StoreKind } from './store-kind.ts';

/**
 * Opens the session store of `kind` in the user's data directory:
 * `<data>/kodama/sessions/` for JSONL, `<data>/kodama/sessions.db` for SQLite
 * (`<data>` is `$XDG_DATA_HOME`, else `~/.local/share`). The SQLite package
 * loads only when asked for.
 */
export async function openSessionStore(kind: StoreKind, env: NodeJS.ProcessEnv): Promise<SessionStore> {
  if (kind === 'jsonl') return new JsonlSessionStore({ env });
  const { SqliteSessionStore } = await import('@kodama/sqlite');
  const path = join(dirname(defaultSessionDir(env)), 'sessions.db');
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  return SqliteSessionStore.open({ url: `file:${path}` });
}

/** Where Runs continuing a stored session record their events for `kodama inspect`: `<data>/kodama/events/`. */
export function eventsDir(env: NodeJS.ProcessEnv): string {
  return join(dirname(defaultSessionDir(env)), 'events');
}
