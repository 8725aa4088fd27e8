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
  /**
   * The untrusted content this message carries, as the names of the tools it
   * came from, first seen first; what keeps a conversation's taint when it is
   * saved, continued, compacted or loaded with another tool set. The loop
   * records it on a tool result whose call brought untrusted content in
   * (`['fetch']`) and `[]` on one whose tool declares untrusted input but
   * whose call brought none (bash running `npm test`); a compaction summary
   * carries the taint of the messages it replaced. Absent: judged by the
   * tool's declared legs (a history written before taint was recorded), and
   * nothing for user and assistant messages.
   */
  readonly taint?: readonly string[];
}

/** A fresh, globally unique message id (a random UUID). */
export function mintMessageId(): string {
  return RANDOM_IDS.next('message');
}
