import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stripControlSequences } from '@kodama/core/listeners';
import {
  defaultSessionDir,
  JsonlSessionStore,
  type SessionStore,
  SessionStoreError,
} from '@kodama/core/session';
import type { StoreKind } from './store-kind.ts';

/** Where a warning about a bad session file goes: one line, e.g. `io.stderr.write`. */
export type SessionWarn = (line: string) => void;

/**
 * Opens the session store of `kind` in the user's data directory:
 * `<data>/kodama/sessions/` for JSONL, `<data>/kodama/sessions.db` for SQLite
 * (`<data>` is `$XDG_DATA_HOME`, else `~/.local/share`). The SQLite package
 * loads only when asked for. With `warn`, a JSONL file the listing passes
 * over (empty, corrupt, a copy of another session) gets one line naming the
 * file and what to do ({@link unreadableSessionLine}); nothing is deleted.
 */
export async function openSessionStore(
  kind: StoreKind,
  env: NodeJS.ProcessEnv,
  warn?: SessionWarn,
): Promise<SessionStore> {
  if (kind === 'jsonl')
    return new JsonlSessionStore({
      env,
      ...(warn ? { onUnreadable: (error) => warn(unreadableSessionLine(error)) } : {}),
    });
  const { SqliteSessionStore } = await import('@kodama/sqlite');
  const path = join(dirname(defaultSessionDir(env)), 'sessions.db');
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  return SqliteSessionStore.open({ url: `file:${path}` });
}

/** The warning line for a session file that cannot be read: the file, the problem, what to do. */
export function unreadableSessionLine(error: SessionStoreError): string {
  return (
    `kodama: skipped ${stripControlSequences(error.message)}; ` +
    `move the file out of ${dirname(error.source)} or repair it (nothing was deleted)\n`
  );
}

/**
 * The most recent session that loads, for `--continue`: a session whose file
 * the store refuses (a corrupt message line, another session's copy) is
 * passed over with a warning, and the next one tried. `undefined` when none loads.
 */
export async function latestSession(store: SessionStore, warn: SessionWarn): Promise<string | undefined> {
  for (const info of await store.list()) {
    try {
      if ((await store.load(info.id)) !== undefined) return info.id;
    } catch (error) {
      if (!SessionStoreError.isInstance(error)) throw error;
      warn(unreadableSessionLine(error));
    }
  }
  return undefined;
}

/**
 * The line the assistant ends with, naming the session `--continue` opens
 * next: the one just used is made the most recent (rewritten with the same
 * messages, runs and title when another is newer, as after resuming an older
 * session and sending nothing), so the exit line and `--continue` agree by
 * the store's own ordering. A session with no messages was never saved: the
 * line says so, and which one `--continue` opens instead.
 */
export async function exitSessionLine(store: SessionStore, id: string, warn: SessionWarn): Promise<string> {
  const stored = await store.load(id).catch(() => undefined);
  if (stored && stored.messages.length > 0) {
    if ((await store.list())[0]?.id !== id) await store.replace(id, stored.messages);
    return `session ${id}: kodama --resume ${id} (or kodama --continue)\n`;
  }
  const latest = await latestSession(store, warn);
  return latest === undefined
    ? `session ${id} has no messages; nothing was saved\n`
    : `session ${id} has no messages; nothing was saved (kodama --continue opens ${latest})\n`;
}

/** Where Runs continuing a stored session record their events for `kodama inspect`: `<data>/kodama/events/`. */
export function eventsDir(env: NodeJS.ProcessEnv): string {
  return join(dirname(defaultSessionDir(env)), 'events');
}
