import type { ToolCall } from '../messages/message.ts';
import type { StopReason } from './stop-reason.ts';
import type { Usage } from './usage.ts';

/** A piece of visible answer text. Never empty. */
export interface TextDeltaPart {
  readonly type: 'text-delta';
  readonly text: string;
}

/** A piece of reasoning ("thinking") text. Never empty. */
export interface ReasoningDeltaPart {
  readonly type: 'reasoning-delta';
  readonly text: string;
}

/** The model began a tool call; `id` ties it to its deltas and end. */
export interface ToolCallStartPart {
  readonly type: 'tool-call-start';
  readonly id: string;
  readonly name: string;
}

/** A piece of a tool call's raw argument text. */
export interface ToolCallDeltaPart {
  readonly type: 'tool-call-delta';
  readonly id: string;
  readonly argumentsDelta: string;
}

/**
 * A tool call is complete. `input` is the parsed arguments object when the raw
 * text is valid JSON; otherwise `input` is `undefined` and `parseError` says why,
 * so the loop can answer the call with an `Error: ...` observation instead of crashing.
 */
export interface ToolCallEndPart {
  readonly type: 'tool-call-end';
  readonly call: ToolCall;
  readonly input: unknown;
  readonly parseError?: string;
}

/** Token usage of this response; sent once, before `finish`. */
export interface UsagePart {
  readonly type: 'usage';
  readonly usage: Usage;
}

/** The response ended; always the last part of a successful stream. */
export interface FinishPart {
  readonly type: 'finish';
  readonly reason: StopReason;
  /** The provider's own finish reason string, for diagnostics. */
  readonly rawReason?: string;
  /** The provider's id of this response (`chatcmpl-…`, `msg_…`), when it sent one. */
  readonly responseId?: string;
  /** The model that answered, as the provider names it (`gpt-4o-2024-08-06` for `gpt-4o`), when it said. */
  readonly responseModelId?: string;
}

/**
 * One typed part of a model's streamed response. Naming rule: noun + `-delta`,
 * or noun + `-start`/`-end` for things with a lifetime; ids tie them together.
 */
export type ModelStreamPart =
  | TextDeltaPart
  | ReasoningDeltaPart
  | ToolCallStartPart
  | ToolCallDeltaPart
  | ToolCallEndPart
  | UsagePart
  | FinishPart;
