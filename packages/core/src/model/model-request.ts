import type { ModelMessage } from '../messages/message.ts';
import type { ResponseFormat } from './response-format.ts';
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
  /**
   * The final answer must be JSON matching this schema (provider-native
   * structured output). Set only for models whose `supportsJsonSchema` is
   * true; adapters map it to the provider's field when present.
   */
  readonly responseFormat?: ResponseFormat;
}
