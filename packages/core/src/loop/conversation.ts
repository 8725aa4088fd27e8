import type { HistoryMessage } from '../history/history-message.ts';
import type { IdSource } from '../ids/id-source.ts';
import type { Content } from '../messages/content.ts';
import type { AssistantMessage, ModelMessage, ToolCall, ToolResultMessage } from '../messages/message.ts';
import type { Usage } from '../model/usage.ts';

/**
 * An agent's conversation: history-shaped entries behind methods that keep
 * it sendable (a tool result only answers an open call of the last assistant
 * message, once). No system prompt: that is assembled apart. Message ids
 * come from the agent's {@link IdSource}.
 */
export class Conversation {
  #entries: HistoryMessage[] = [];
  readonly #ids: IdSource;

  constructor(ids: IdSource) {
    this.#ids = ids;
  }

  /** The entries, oldest first. Read-only view; mutate through the methods. */
  get entries(): readonly HistoryMessage[] {
    return this.#entries;
  }

  /** Number of entries. */
  get length(): number {
    return this.#entries.length;
  }

  /**
   * Appends a user message (`user`: a turn; `injected`: interjected or extension
   * context); `taint` names the untrusted sources it carries (see `HistoryMessage.taint`).
   */
  appendUser(content: Content, kind: 'user' | 'injected', taint?: readonly string[]): void {
    const id = this.#ids.next('message');
    const message = { role: 'user' as const, content };
    this.#entries.push(
      taint === undefined ? { id, kind, message } : { id, kind, message, taint: [...taint] },
    );
  }

  /** Appends a complete model response. */
  appendAssistant(message: AssistantMessage, modelId: string, usage: Usage | undefined): void {
    const entry: HistoryMessage = usage
      ? { id: this.#ids.next('message'), kind: 'assistant', message, modelId, usage }
      : { id: this.#ids.next('message'), kind: 'assistant', message, modelId };
    this.#entries.push(entry);
  }

  /**
   * Answers one open tool call; `taint` is the result's (see `HistoryMessage.taint`),
   * left out when undefined. Throws when the call is not open (a loop bug, never a model's).
   */
  appendToolResult(call: ToolCall, content: Content, taint?: readonly string[]): void {
    if (!this.openToolCalls().some((c) => c.id === call.id)) {
      throw new Error(`tool call ${call.id} is not awaiting a result`);
    }
    const message: ToolResultMessage = { role: 'tool', toolCallId: call.id, toolName: call.name, content };
    const id = this.#ids.next('message');
    this.#entries.push(
      taint === undefined ? { id, kind: 'tool', message } : { id, kind: 'tool', message, taint },
    );
  }

  /** Tool calls of the last assistant message that have no result yet, in model order. */
  openToolCalls(): ToolCall[] {
    const answered = new Set<string>();
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const m = this.#entries[i]!.message;
      if (m.role === 'tool') answered.add(m.toolCallId);
      else if (m.role === 'assistant') return m.toolCalls.filter((c) => !answered.has(c.id));
      else return [];
    }
    return [];
  }

  /** Replaces every entry (a history load). */
  replace(entries: readonly HistoryMessage[]): void {
    this.#entries = entries.slice();
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries = [];
  }

  /** Text of the last assistant message, if any. */
  lastAssistantText(): string | undefined {
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const m = this.#entries[i]!.message;
      if (m.role === 'assistant') return m.text;
    }
    return undefined;
  }

  /**
   * The messages to send to `modelId`. Reasoning produced by another model
   * (or by an unknown one) is withheld: it would land in the slot the
   * receiving model reads as its own scratchpad. Exports keep it.
   */
  toModelMessages(modelId: string): ModelMessage[] {
    return this.#entries.map((e) => {
      const m = e.message;
      if (m.role !== 'assistant' || m.reasoning === undefined || e.modelId === modelId) return m;
      const { reasoning: _withheld, ...rest } = m;
      return rest;
    });
  }
}
