import { HistoryError } from '../history/errors.ts';
import type { HistoryMessage } from '../history/history-message.ts';
import { failedMessageIndex, validateMessages } from '../history/schema/validate-messages.ts';
import { toDocument } from '../history/serialize.ts';
import { SessionStoreError } from './errors.ts';

/**
 * The History v1 JSON text of each message, one string per message: what a
 * store writes as a line or a row. Only known fields are copied, so whatever
 * else a caller's objects carry never reaches storage.
 */
export function encodeStoredMessages(messages: readonly HistoryMessage[]): string[] {
  return toDocument(messages).messages.map((m) => JSON.stringify(m));
}

/**
 * Checks stored messages (parsed JSON values, oldest first) with the History
 * v1 validator, the rules between messages included, and returns fresh typed
 * messages. A problem becomes a {@link SessionStoreError} naming `source` and,
 * through `lineOf`, the line or row of the message at fault.
 */
export function readStoredMessages(
  raw: readonly unknown[],
  source: string,
  lineOf: (index: number) => number | undefined,
): HistoryMessage[] {
  try {
    return validateMessages(raw);
  } catch (error) {
    if (!HistoryError.isInstance(error)) throw error;
    const index = failedMessageIndex(error);
    throw new SessionStoreError(source, error.problem, {
      line: index === undefined ? undefined : lineOf(index),
      cause: error,
    });
  }
}

/** Parses one stored JSON text (a line, a row), naming `source` and `line` when it is not JSON. */
export function parseStoredJson(text: string, source: string, line: number | undefined): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SessionStoreError(source, 'not valid JSON', { line, cause: error });
  }
}
