import type { Model } from '@kodama/core';

/**
 * A `local:` model as `resolveModel` returns it: a {@link Model} over a GGUF
 * file run in-process, with the file it loaded and a `close` that frees it
 * once no other handle uses it. An interface, so the published declarations
 * never name node-llama-cpp's types: a user who never runs a local model
 * does not need them to type-check.
 */
export interface LocalModelHandle extends Model {
  readonly provider: 'local';
  /** The path of the loaded GGUF file. */
  readonly path: string;
  /** The context size of every sequence: exactly what a request may hold. */
  contextWindow(): Promise<number>;
  /** Releases this handle; the model is freed when no other handle uses it. Idempotent. */
  close(): Promise<void>;
}
