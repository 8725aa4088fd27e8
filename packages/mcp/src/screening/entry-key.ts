import { createHash } from 'node:crypto';
import type { McpServerEntry } from '../config/server-entry.ts';

/** A stable key for what an entry starts (id, command and arguments, or URL), never its env or headers (secrets). */
export function entryKey(entry: McpServerEntry): string {
  const what =
    entry.transport === 'http'
      ? ['http', entry.id, entry.url]
      : ['stdio', entry.id, entry.command, ...entry.args, entry.cwd ?? ''];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 32);
}
