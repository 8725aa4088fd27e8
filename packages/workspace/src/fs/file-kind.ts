/** How many leading bytes decide whether a file is binary. */
export const BINARY_SAMPLE_BYTES = 8192;

/** What the first bytes of a file say it is. */
export type FileKind =
  | { readonly kind: 'text' }
  | { readonly kind: 'binary' }
  | { readonly kind: 'pdf' }
  | { readonly kind: 'image'; readonly mediaType: string };

function startsWith(sample: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((b, i) => sample[at + i] === b);
}

/**
 * Sniffs a file from its first bytes: PNG, JPEG, GIF and WebP images; PDF;
 * binary (a NUL byte, or more than 30% control bytes and undecodable
 * sequences); text otherwise.
 */
export function sniffFileKind(sample: Uint8Array): FileKind {
  if (startsWith(sample, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mediaType: 'image/png' };
  if (startsWith(sample, [0xff, 0xd8, 0xff])) return { kind: 'image', mediaType: 'image/jpeg' };
  if (startsWith(sample, [0x47, 0x49, 0x46, 0x38])) return { kind: 'image', mediaType: 'image/gif' };
  if (startsWith(sample, [0x52, 0x49, 0x46, 0x46]) && startsWith(sample, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { kind: 'image', mediaType: 'image/webp' };
  }
  if (startsWith(sample, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: 'pdf' };
  if (sample.includes(0)) return { kind: 'binary' };
  if (sample.length === 0) return { kind: 'text' };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  let odd = 0;
  let total = 0;
  for (const char of text) {
    total++;
    const code = char.codePointAt(0)!;
    // \t \n \v \f \r and ESC (coloured logs) are ordinary in text files.
    if (code === 0xfffd || (code < 0x20 && !(code >= 0x09 && code <= 0x0d) && code !== 0x1b) || code === 0x7f)
      odd++;
  }
  return odd / total > 0.3 ? { kind: 'binary' } : { kind: 'text' };
}
