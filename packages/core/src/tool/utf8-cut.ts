// UTF-8 byte arithmetic over JS strings, cutting only on code-point boundaries.
// A surrogate pair is one 4-byte code point; a lone surrogate counts 3 bytes,
// as Buffer.byteLength counts it (it is encoded as U+FFFD).

/** Bytes of the code point starting at `i` and how many UTF-16 units it spans. */
function codePointAt(text: string, i: number): { bytes: number; units: number } {
  const c = text.charCodeAt(i);
  if (c < 0x80) return { bytes: 1, units: 1 };
  if (c < 0x800) return { bytes: 2, units: 1 };
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return { bytes: 4, units: 2 };
  }
  return { bytes: 3, units: 1 };
}

/** The code point ending just before `end` (exclusive), walking backwards. */
function codePointBefore(text: string, end: number): { bytes: number; units: number } {
  const c = text.charCodeAt(end - 1);
  if (c >= 0xdc00 && c <= 0xdfff && end >= 2) {
    const prev = text.charCodeAt(end - 2);
    if (prev >= 0xd800 && prev <= 0xdbff) return { bytes: 4, units: 2 };
  }
  return { bytes: c < 0x80 ? 1 : c < 0x800 ? 2 : 3, units: 1 };
}

/** UTF-8 length of `text` in bytes. */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The longest prefix of `text` whose UTF-8 length is at most `maxBytes`. */
export function utf8Prefix(text: string, maxBytes: number): string {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const cp = codePointAt(text, i);
    if (bytes + cp.bytes > maxBytes) break;
    bytes += cp.bytes;
    i += cp.units;
  }
  return text.slice(0, i);
}

/** The longest suffix of `text` whose UTF-8 length is at most `maxBytes`. */
export function utf8Suffix(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = text.length;
  while (end > 0) {
    const cp = codePointBefore(text, end);
    if (bytes + cp.bytes > maxBytes) break;
    bytes += cp.bytes;
    end -= cp.units;
  }
  return text.slice(end);
}
