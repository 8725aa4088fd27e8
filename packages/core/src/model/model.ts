import type { IdSource } from '../ids/id-source.ts';
import type { ModelCapabilities } from './model-capabilities.ts';
import type { ModelRequest } from './model-request.ts';
import type { ModelStreamPart } from './model-stream-part.ts';

/** Observation of one retry the model layer is about to make. */
export interface RetryInfo {
  /** 1 for the first retry, 2 for the second, ... */
  readonly attempt: number;
  /** How long the layer waits before retrying, in milliseconds. */
  readonly delayMs: number;
  /** Short human-readable cause, e.g. `HTTP 429` or `ECONNRESET`. */
  readonly cause: string;
  /** HTTP status, when the cause was an HTTP answer. */
  readonly status?: number;
}

/** Per-call options of {@link Model.stream}. */
export interface StreamOptions {
  /** Aborts the request at any moment: pending HTTP, stream reading, backoff waits. */
  readonly signal?: AbortSignal;
  /** Called before each retry's wait. */
  readonly onRetry?: (info: RetryInfo) => void;
  /**
   * Mints the id of a tool call the provider sent without one
   * (`ids.next('tool-call')`); absent: the adapter's own fallback. The agent
   * passes its id source so a replay reproduces the same ids.
   */
  readonly ids?: IdSource;
}

/**
 * kodama's model port: a stream of typed parts for one request.
 *
 * Contract: `stream` yields zero or more deltas, tool-call parts, at most one
 * `usage`, then exactly one `finish`, in that order. It throws a `ModelError`
 * (from `@kodama/core`) when the call fails; a stream that ends without a
 * finish is such an error, never a silent short answer. Aborting the signal
 * makes the iteration reject promptly with an `AbortError` and releases the
 * underlying connection.
 */
export interface Model {
  /** Literal version of this interface, bumped on incompatible change. */
  readonly specificationVersion: 'kodama.model.v1';
  /** Provider name, e.g. `openai`, `anthropic`, `llamacpp`, `scripted`. */
  readonly provider: string;
  /** Model id as the provider knows it. */
  readonly modelId: string;
  /**
   * How many times this model retries a failed request (its retry policy).
   * The loop re-requests a malformed response (two tool calls sharing an id)
   * as many times; absent means 2.
   */
  readonly maxRetries?: number;
  /**
   * What is known about this model (image input, JSON mode, reasoning,
   * context window, prices), declared by its adapter; a fact left out is
   * unknown. Read it through `modelCapabilities(model)`, which also honours
   * {@link Model.supportsJsonSchema}.
   */
  readonly capabilities?: ModelCapabilities;
  /**
   * True when the adapter sends `ModelRequest.responseFormat` to a provider
   * that constrains the answer to the schema. A Run with an output schema then
   * asks for JSON natively; otherwise (absent or false) it offers a
   * `final_answer` tool whose arguments are the answer.
   *
   * @deprecated Declare `capabilities.jsonSchema`; `modelCapabilities(model)` reads either.
   */
  readonly supportsJsonSchema?: boolean;
  /** Starts one request. */
  stream(request: ModelRequest, options?: StreamOptions): AsyncIterable<ModelStreamPart>;
  /**
   * The context window in tokens when known (explicit setting or probed from
   * the server); `undefined` when unknown. Never a guess.
   */
  contextWindow?(options?: { signal?: AbortSignal }): Promise<number | undefined>;
}
