import { ModelError } from '@kodama/core';
import { EmbeddingDimensionError } from '@kodama/core/model';

/**
 * Holds an embedder's vector length: fixed by the first answer (or given up
 * front), then every answer is checked against it.
 */
export class DimensionCheck {
  #dimensions: number | undefined;
  readonly #where: string;

  constructor(where: string, dimensions?: number) {
    this.#where = where;
    this.#dimensions = dimensions;
  }

  /** The fixed length, `undefined` before the first answer. */
  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  /**
   * Checks one answer: as many vectors as texts, all of the fixed length.
   * @throws ModelError for a wrong count or an empty vector; EmbeddingDimensionError for another length.
   */
  check(vectors: readonly Float32Array[], expectedCount: number): Float32Array[] {
    if (vectors.length !== expectedCount) {
      throw new ModelError(`${this.#where} answered ${vectors.length} vectors for ${expectedCount} texts`);
    }
    for (const vector of vectors) {
      if (vector.length === 0) throw new ModelError(`${this.#where} answered an empty vector`);
      this.#dimensions ??= vector.length;
      if (vector.length !== this.#dimensions) {
        throw new EmbeddingDimensionError(this.#where, this.#dimensions, vector.length);
      }
    }
    return [...vectors];
  }
}
