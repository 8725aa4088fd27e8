import type { Content } from './content.ts';

/**
 * One tool call as the model made it. `arguments` is the raw JSON text the
 * model produced (possibly malformed); parsing and validation happen later.
 */
export interface ToolCall {
  /** Provider-assigned id that the matching tool result must echo. */
  readonly id: string;
  /** Name of the tool the model wants to run. */
  readonly name: string;
  /** Raw argument text exactly as streamed by the model. */
  readonly arguments: string;
}

/** A user turn. */
export interface UserMessage {
  readonly role: 'user';
  readonly content: Content;
}

/** An assistant turn: optional reasoning, text, and zero or more tool calls. */
export interface AssistantMessage {
  readonly role: 'assistant';
  /** Visible answer text ('' for a pure tool-call turn). */
  readonly text: string;
  /** Reasoning ("thinking") text, when the model produced any. */
  readonly reasoning?: string;
  /** Tool calls in the order the model made them. */
  readonly toolCalls: readonly ToolCall[];
}

/** The answer to one tool call. */
export interface ToolResultMessage {
  readonly role: 'tool';
  /** Id of the {@link ToolCall} this answers. */
  readonly toolCallId: string;
  /** Name of the tool that was called. */
  readonly toolName: string;
  /** The observation the model reads. */
  readonly content: Content;
}

/** Any message of a conversation as sent to a model (the system prompt travels apart). */
export type ModelMessage = UserMessage | AssistantMessage | ToolResultMessage;
