import type { LocalBinaryMissingError } from './local-errors.ts';

/** Progress of a model download, reported about every 1% and once at the end. */
export interface DownloadProgress {
  /** The file's name, e.g. `Qwen3-1.7B-Q4_K_M.gguf`. */
  readonly file: string;
  /** Where it is downloaded from. */
  readonly url: string;
  /** Bytes on disk so far (a resumed download starts above 0). */
  readonly downloadedBytes: number;
  /** The file's size. */
  readonly totalBytes: number;
}

/** Where a local model runs. */
export type LocalGpu = false | 'auto' | 'cuda' | 'vulkan' | 'metal';

/** Settings of a `local:` model: from the target's query string or from code. */
export interface LocalModelOptions {
  /** Tokens of context per sequence; default: the model's training context, at most 8,192. */
  readonly contextSize?: number;
  /** CPU threads for generation; default: about one per physical core. Tests use 1. */
  readonly threads?: number;
  /**
   * `false` (default): CPU only. `'auto'`: a GPU when node-llama-cpp has a
   * binary for one, else the CPU. `'cuda'`, `'vulkan'`, `'metal'`: that one or
   * a {@link LocalBinaryMissingError}.
   */
  readonly gpu?: LocalGpu;
  /** Sampling temperature; default 0 (greedy). A request's own temperature wins. */
  readonly temperature?: number;
  /**
   * Output-token limit of a request that sets none (`ModelRequest.maxOutputTokens`
   * wins); default {@link DEFAULT_LOCAL_MAX_TOKENS}, at most half the context.
   * Without one a small model that loops would generate until its context is full.
   */
  readonly maxTokens?: number;
  /** Sampling seed, for reproducible answers at temperature > 0. */
  readonly seed?: number;
  /** Concurrent requests the loaded model serves (context sequences); more wait their turn. Default 1. */
  readonly parallel?: number;
  /** Folder of downloaded models; default `$XDG_CACHE_HOME/kodama/models` (`~/.cache/kodama/models`). */
  readonly cacheDir?: string;
  /** Called while an `hf:` model downloads on first use. */
  readonly onDownloadProgress?: (progress: DownloadProgress) => void;
}

/** The largest context kodama allocates by default (a bigger one costs memory most answers never use). */
export const DEFAULT_CONTEXT_CAP = 8192;

/**
 * The output-token limit of a `local:` request that sets none: 4,096 tokens,
 * and at most half the context (a reply that long from a small model is most
 * often a loop, and the other half is the prompt's).
 */
export const DEFAULT_LOCAL_MAX_TOKENS = 4096;

/** The limit a `local:` model applies: `maxTokens`, else the default, within half of `contextSize`. */
export function localMaxTokens(maxTokens: number | undefined, contextSize: number): number {
  return maxTokens ?? Math.max(1, Math.min(DEFAULT_LOCAL_MAX_TOKENS, Math.floor(contextSize / 2)));
}
