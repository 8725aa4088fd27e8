import type { SessionInfo } from './session-store.ts';

/**
 * The listing order of every store: most recent activity first, ties by id
 * (code unit order, as SQLite's default collation) so equal times from a
 * coarse clock still give one order.
 */
export function byActivity(a: SessionInfo, b: SessionInfo): number {
  return b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
