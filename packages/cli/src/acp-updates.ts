// The agent's events as ACP `session/update` notifications: the answer and
// the reasoning as chunks, every tool call as `tool_call` (pending, with its
// kind, title and locations) and `tool_call_update` (in progress; then
// completed or failed with what the model read, and the diff of an edit).
import type * as acp from '@agentclientprotocol/sdk';
import { type AgentEvent, contentText, type Listener } from '@kodama/core';
import { BASH_OUTPUT_EVENT } from '@kodama/workspace';
import type { ToolCallBook } from './acp-tool-calls.ts';

/** Sends one update of the session (queued: updates reach the client in order). */
export type SendUpdate = (update: acp.SessionUpdate) => void;

/** Longest tool result shown in the editor; the model reads all of it. */
const MAX_SHOWN = 20_000;

/**
 * A Listener that streams the main agent's turn to the client. Sub-agents
 * stream nothing of their own: their work is the `agent` call's result.
 */
export class AcpUpdates implements Listener {
  readonly name = 'AcpUpdates';
  readonly #send: SendUpdate;
  readonly #book: ToolCallBook;
  readonly #diffs = new Map<string, acp.ToolCallContent>();
  /** What a running command printed so far, by tool call (shown live, up to MAX_SHOWN). */
  readonly #output = new Map<string, string>();
  /** Whether the current model response streamed text / reasoning (else its whole text is sent once). */
  #streamed = { text: false, reasoning: false };

  constructor(send: SendUpdate, book: ToolCallBook) {
    this.#send = send;
    this.#book = book;
  }

  /** A file write's diff, shown on its tool call before it is asked about or made. */
  diff(toolCallId: string, diff: acp.ToolCallContent): void {
    this.#diffs.set(toolCallId, diff);
    this.#send({ sessionUpdate: 'tool_call_update', toolCallId, content: [diff] });
  }

  onEvent(event: AgentEvent): void {
    const update = this.#updateOf(event);
    if (update) this.#send(update);
  }

  /** The update an event stands for; undefined for one the editor does not show. */
  #updateOf(event: AgentEvent): acp.SessionUpdate | undefined {
    switch (event.type) {
      case 'model-start':
        this.#streamed = { text: false, reasoning: false };
        return undefined;
      case 'assistant-delta':
        this.#streamed.text = true;
        return chunk('agent_message_chunk', event.text);
      case 'reasoning-delta':
        this.#streamed.reasoning = true;
        return chunk('agent_thought_chunk', event.text);
      case 'assistant':
        return this.#streamed.text ? undefined : chunk('agent_message_chunk', event.text);
      case 'reasoning':
        return this.#streamed.reasoning ? undefined : chunk('agent_thought_chunk', event.text);
      case 'tool-call': {
        const view = this.#book.view(event.name, event.arguments);
        return {
          sessionUpdate: 'tool_call',
          toolCallId: event.toolCallId,
          title: view.title,
          kind: view.kind,
          status: 'pending',
          locations: view.locations,
          rawInput: parseJson(event.arguments),
        };
      }
      case 'tool-start':
        return {
          sessionUpdate: 'tool_call_update',
          toolCallId: event.toolCallId,
          status: 'in_progress',
        };
      case 'tool-result': {
        const text = contentText(event.content);
        const shown =
          text.length > MAX_SHOWN
            ? `${text.slice(0, MAX_SHOWN)}\n… (${text.length - MAX_SHOWN} more characters)`
            : text;
        const diff = this.#diffs.get(event.toolCallId);
        this.#diffs.delete(event.toolCallId);
        this.#output.delete(event.toolCallId);
        const ok = event.status === 'ok';
        return {
          sessionUpdate: 'tool_call_update',
          toolCallId: event.toolCallId,
          status: ok ? 'completed' : 'failed',
          content: [
            // The diff only of an edit that was made: a refused one leaves the file as it was.
            ...(diff && ok ? [diff] : []),
            { type: 'content', content: { type: 'text', text: shown } },
          ],
        };
      }
      case 'domain':
        return event.name === BASH_OUTPUT_EVENT ? this.#outputOf(event.data) : undefined;
      default:
        return undefined;
    }
  }

  /** A command's output so far, as its tool call's content (its result replaces it when it ends). */
  #outputOf(data: unknown): acp.SessionUpdate | undefined {
    const { toolCallId, text } = (data ?? {}) as { toolCallId?: unknown; text?: unknown };
    if (typeof toolCallId !== 'string' || typeof text !== 'string') return undefined;
    const before = this.#output.get(toolCallId) ?? '';
    if (before.length >= MAX_SHOWN) return undefined;
    const now = (before + text).slice(0, MAX_SHOWN);
    this.#output.set(toolCallId, now);
    return {
      sessionUpdate: 'tool_call_update',
      toolCallId,
      content: [{ type: 'content', content: { type: 'text', text: now } }],
    };
  }

  /** Sub-agents' events are not the editor's to show. */
  forSubAgent(): undefined {
    return undefined;
  }
}

/** A text chunk; none for empty text. */
function chunk(
  kind: 'agent_message_chunk' | 'agent_thought_chunk',
  text: string,
): acp.SessionUpdate | undefined {
  return text === '' ? undefined : { sessionUpdate: kind, content: { type: 'text', text } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
