import { randomUUID } from 'node:crypto';

/** Marks ids an AI SDK provider invented on kodama's behalf. */
const PREFIX = 'kodama-invented-';

/**
 * A `generateId` for AI SDK providers that invent the ids of tool calls the
 * server sent without one (Gemini never sends any). The mark lets
 * `mapV3Stream` swap the id for one from the caller's `StreamOptions.ids`, so
 * a replayed conversation gets the same ids.
 */
export function inventToolCallId(): string {
  return PREFIX + randomUUID();
}

/** Whether a tool-call id was invented rather than sent by the server (empty counts as invented). */
export function isInventedToolCallId(id: string): boolean {
  return id === '' || id.startsWith(PREFIX);
}
