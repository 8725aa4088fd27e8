import { KodamaError } from '../errors/kodama-error.ts';
import type { RetryInfo } from './model.ts';

/** Per-call options of {@link Embedder.embed}. */
export interface EmbedOptions {
  /** Aborts the call at any moment: pending HTTP, backoff waits, a local batch between texts. */
  readonly signal?: AbortSignal;
  /** Called before each retry's wait (the same policy and notice as a chat call's). */
  readonly onRetry?: (info: RetryInfo) => void;
}

/**
 * kodama's embedding port: texts in, one vector per text out, in order.
 *
 * Contract: `embed` resolves with exactly `texts.length` vectors, all of the
 * same length; the adapter splits long input lists into batches itself. The
 * first answer fixes {@link Embedder.dimensions}; a later answer of another
 * length is an {@link EmbeddingDimensionError}, never a silently mixed index.
 * A failed call throws a `ModelError` (retried first when retryable);
 * aborting rejects with an `AbortError`.
 */
export interface Embedder {
  /** Literal version of this interface, bumped on incompatible change. */
  readonly specificationVersion: 'kodama.embedder.v1';
  /** Provider name, e.g. `openai`, `ollama`, `google`, `local`, `hash`. */
  readonly provider: string;
  /** Model id as the provider knows it. */
  readonly modelId: string;
  /** The vector length: known up front, or from the first answer on; `undefined` before it. */
  readonly dimensions: number | undefined;
  /** Embeds `texts` (an empty list resolves to `[]` without a call). */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** Releases what the embedder holds (a loaded local model); optional. */
  close?(): Promise<void>;
}

/**
 * Vectors of one length met vectors of another: an embedder changed its
 * answer, or an index built with one embedding model is searched or extended
 * with another. Names both lengths and where they met.
 */
export class EmbeddingDimensionError extends KodamaError {
  /** The length fixed first (by the index or the first answer). */
  readonly expected: number;
  /** The length that arrived. */
  readonly actual: number;

  constructor(where: string, expected: number, actual: number) {
    super(
      `${where}: vectors have ${actual} dimensions, but ${expected} are fixed for it; ` +
        'use the embedding model it was built with, or rebuild it',
    );
    this.expected = expected;
    this.actual = actual;
  }
}
