import { ModelError } from '@kodama/core';

// Errors of the `local:` provider. Each extends core's ModelError, is never
// retried (nothing changes by trying again) and says what to do.

/** The pinned node-llama-cpp version kodama is tested with. */
export const NODE_LLAMA_CPP_VERSION = '3.21.1';

/** The model file is missing, unreadable or not a GGUF file. */
export class LocalModelFileError extends ModelError {
  /** The path that was tried. */
  readonly path: string;

  constructor(path: string, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause, isRetryable: false });
    this.path = path;
  }
}

/** `node-llama-cpp`, which runs `local:` models, is not installed. */
export class LocalRuntimeMissingError extends ModelError {
  constructor(options: { cause?: unknown } = {}) {
    super(
      `local models need the node-llama-cpp package, which is not installed: run npm install node-llama-cpp@${NODE_LLAMA_CPP_VERSION} ` +
        '(next to kodama), or pick another --model',
      { cause: options.cause, isRetryable: false },
    );
  }
}

/** node-llama-cpp has no prebuilt llama.cpp binary for this platform (kodama never compiles one). */
export class LocalBinaryMissingError extends ModelError {
  /** What was asked for: `cpu`, or the GPU kind (`cuda`, `vulkan`, `metal`). */
  readonly variant: string;

  constructor(variant: string, options: { cause?: unknown } = {}) {
    const fix =
      variant === 'cpu'
        ? `reinstall it with its optional dependencies (npm install node-llama-cpp@${NODE_LLAMA_CPP_VERSION} --include=optional)`
        : `install its ${variant} build, or drop gpu=${variant} to run on the CPU`;
    super(
      `node-llama-cpp has no prebuilt llama.cpp binary for ${process.platform}-${process.arch} (${variant}), and kodama ` +
        `never compiles one: ${fix}; or build one with \`npx --no node-llama-cpp source download\`, or pick another --model`,
      { cause: options.cause, isRetryable: false },
    );
    this.variant = variant;
  }
}

/** A model file could not be downloaded (host unreachable, HTTP error, size mismatch). */
export class ModelDownloadError extends ModelError {
  /** The URL that was tried. */
  readonly url: string;
  /** Where the file belongs; placing it there by hand also works. */
  readonly path: string;

  constructor(url: string, path: string, problem: string, options: { cause?: unknown } = {}) {
    super(
      `could not download ${url}: ${problem}. Check your network (or HF_ENDPOINT) and try again; ` +
        `a partial download resumes. Or download the file by hand and place it at ${path}`,
      { cause: options.cause, isRetryable: false },
    );
    this.url = url;
    this.path = path;
  }
}

/**
 * node-llama-cpp's words for a conversation that cannot fit the context: its
 * context shift could not shorten the history enough (the system prompt or the
 * last message alone is too long).
 */
const LLAMA_OVERFLOW = /context shift|compress chat history/i;

/**
 * A `ModelError` of kind `context-overflow` for a `local:` request that does
 * not fit the loaded context, so the agent compacts the conversation and sends
 * it again, as it does for a server's overflow. `cause` is node-llama-cpp's
 * error when it was one.
 */
export function localContextOverflow(contextSize: number, detail: string, cause?: unknown): ModelError {
  return new ModelError(
    `the conversation does not fit the local model's context of ${contextSize} tokens (${detail}); ` +
      'compact it, or load the model with a larger ctx=',
    { kind: 'context-overflow', cause },
  );
}

/** {@link localContextOverflow} when `error` is node-llama-cpp saying the history does not fit, else `error`. */
export function fromLlamaError(error: unknown, contextSize: number): unknown {
  if (!(error instanceof Error) || !LLAMA_OVERFLOW.test(error.message)) return error;
  return localContextOverflow(contextSize, 'node-llama-cpp could not shorten it to fit', error);
}
