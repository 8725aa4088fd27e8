/** FNV-1a, 32 bits: small, fast and the same everywhere. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Lower-case words (letters and digits of any script), the tokens of {@link hashEmbedding}. */
export function hashTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A deterministic embedding by feature hashing: each word adds ±1 to the
 * dimension its hash picks (the sign from another bit, so collisions cancel
 * rather than pile up), and the sum is scaled to length 1. Texts that share
 * words point the same way; texts that share none are near orthogonal. No
 * model, no randomness: the same text gives the same vector in every run,
 * so tests can assert exact rankings. A text without words gets the first
 * unit vector (cosine needs a non-zero length).
 */
export function hashEmbedding(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const token of hashTokens(text)) {
    const hash = fnv1a(token);
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  let norm = 0;
  for (const x of vector) norm += x * x;
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < dimensions; i++) vector[i]! *= scale;
  return vector;
}
