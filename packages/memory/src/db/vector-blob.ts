/**
 * A vector as the bytes libSQL stores in an `F32_BLOB` column (little-endian
 * float32, which is every platform Node runs on). A view, not a copy, when
 * the array covers its whole buffer.
 */
export function vectorBlob(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** The vector an `F32_BLOB` column holds (copied: the row's buffer is not ours to keep). */
export function blobVector(blob: ArrayBuffer | Uint8Array): Float32Array {
  const bytes = blob instanceof Uint8Array ? blob : new Uint8Array(blob);
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
