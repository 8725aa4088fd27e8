import type { HistoryError } from '../errors.ts';
import type { HistoryMessage } from '../history-message.ts';
import { HISTORY_FORMAT, HISTORY_FORMAT_VERSION } from '../serialize.ts';
import { validateDocument } from './validate.ts';

/**
 * Checks stored messages (each a parsed History v1 message object, as
 * `toDocument` writes them) exactly as `History.parse` checks a document's
 * `messages`, the rules between messages included (unique ids, every tool
 * result answering a call of the assistant message before its run of results),
 * and builds fresh typed messages. For stores that keep messages one per line
 * or row rather than as one document. Throws `HistoryError`; use
 * {@link failedMessageIndex} to learn which message was wrong.
 */
export function validateMessages(raw: readonly unknown[]): HistoryMessage[] {
  return validateDocument({ format: HISTORY_FORMAT, version: HISTORY_FORMAT_VERSION, messages: raw }, false)
    .messages;
}

const MESSAGE_PATH = /^messages\[(\d+)\]/;

/**
 * The index of the message a {@link validateMessages} error is about: the
 * validator's problems start with the message's path (`messages[3].kind ...`).
 * `undefined` for a problem about no single message.
 */
export function failedMessageIndex(error: HistoryError): number | undefined {
  const match = MESSAGE_PATH.exec(error.problem);
  return match === null ? undefined : Number(match[1]);
}
