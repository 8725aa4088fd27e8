import { RANDOM_IDS } from '../ids/id-source.ts';
import type { ModelMessage } from '../messages/message.ts';
import type { Usage } from '../model/usage.ts';

/**
 * Where a stored message came from:
 * - `user`: a user turn;
 * - `injected`: a user-role message the user did not type as a turn (a mid-loop
 *   interjection, or context an extension injected);
 * - `assistant`: a model response;
 * - `tool`: the answer to one tool call.
 */
export type HistoryMessageKind = 'user' | 'injected' | 'assistant' | 'tool';

/** One stored message: the model message plus metadata. */
export interface HistoryMessage {
  /** Stable id, unique within a history (mint with {@link mintMessageId}). */
  readonly id: string;
  /** Where the message came from; `user`/`injected` carry a user message, the others their own role. */
  readonly kind: HistoryMessageKind;
  /** The message as sent to a model; images travel inline as base64 content parts. */
  readonly message: ModelMessage;
  /** Which model produced an assistant message. */
  readonly modelId?: string;
  /** Token usage of the response that produced an assistant message. */
  readonly usage?: Usage;
}

/** A fresh, globally unique message id (a random UUID). */
export function mintMessageId(): string {
  return RANDOM_IDS.next('message');
}
