import type { ModelMessage } from '../messages/message.ts';
import type { ToolSpec } from './tool-spec.ts';

/** One request to a model: everything it needs, all JSON-serializable. */
export interface ModelRequest {
  /** System prompt; adapters place it where the provider wants it. */
  readonly system?: string;
  /** The conversation so far, oldest first. */
  readonly messages: readonly ModelMessage[];
  /** Tools the model may call; absent or empty means a tools-free request. */
  readonly tools?: readonly ToolSpec[];
  /** Upper bound on generated tokens. */
  readonly maxOutputTokens?: number;
  /** Sampling temperature. */
  readonly temperature?: number;
}
