// Background sub-agents' answers on their way to the model. `interject`
// queues a message for the next delivery point, but a load of the
// conversation drops what is queued, and a Run bound to a session loads that
// session first thing (the assistant's every turn does): an answer that
// arrived between two turns would be dropped before the next one. So each
// answer is kept until a load shows it delivered, and queued again after a
// load of the same conversation (one that still holds the call that started
// the sub-agent); a load of another conversation, or a clear, forgets it.
import type { ExtensionContext } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';

/** Undelivered answers kept at most (the oldest is forgotten beyond it). */
const KEPT = 50;

interface Pending {
  readonly content: string;
  /** The id of the `agent` tool call that started the sub-agent. */
  readonly callId: string;
}

/** The answers of one agent's background sub-agents not yet seen delivered. */
export class AnswerInbox {
  #pending: Pending[] = [];

  /** Queues `content` for the model, and keeps it until it is seen delivered. */
  send(context: ExtensionContext | undefined, content: string, callId: string): void {
    if (!context) return;
    context.interject(content);
    this.#pending.push({ content, callId });
    if (this.#pending.length > KEPT) this.#pending.shift();
  }

  /** After a load: forgets what it shows delivered or what belongs to another conversation; queues the rest again. */
  reloaded(context: ExtensionContext, messages: readonly HistoryMessage[]): void {
    const delivered = new Set<string>();
    const calls = new Set<string>();
    for (const { message } of messages) {
      if (message.role === 'user' && typeof message.content === 'string') delivered.add(message.content);
      else if (message.role === 'tool') calls.add(message.toolCallId);
    }
    this.#pending = this.#pending.filter((p) => !delivered.has(p.content) && calls.has(p.callId));
    for (const p of this.#pending) context.interject(p.content);
  }
}
