import type { Embedder, EmbedOptions } from '@kodama/core/model';
import { hashEmbedding } from './hash-embedding.ts';

/** Options of {@link HashEmbedder}. */
export interface HashEmbedderOptions {
  /** Vector length (default 64). */
  readonly dimensions?: number;
  /** Reported as the model id (default `hash-<dimensions>`). */
  readonly modelId?: string;
}

/**
 * A deterministic fake {@link Embedder} for tests and benchmarks: vectors
 * from {@link hashEmbedding}, computed in process. It records every call
 * (`calls`: the texts of each), so a test can check what was embedded, and
 * how often (an incremental index embeds nothing for unchanged files).
 */
export class HashEmbedder implements Embedder {
  readonly specificationVersion = 'kodama.embedder.v1' as const;
  readonly provider = 'hash';
  readonly modelId: string;
  readonly dimensions: number;
  /** The texts of every `embed` call, in order. */
  readonly calls: string[][] = [];

  constructor(options: HashEmbedderOptions = {}) {
    this.dimensions = options.dimensions ?? 64;
    if (!Number.isInteger(this.dimensions) || this.dimensions < 1) {
      throw new TypeError(`HashEmbedder: dimensions must be a positive integer, got ${this.dimensions}`);
    }
    this.modelId = options.modelId ?? `hash-${this.dimensions}`;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    options.signal?.throwIfAborted();
    this.calls.push([...texts]);
    return texts.map((text) => hashEmbedding(text, this.dimensions));
  }
}
