/**
 * Splits `text` into pieces of at most `size` characters (code points, so an
 * emoji is never cut in half). An empty text gives no pieces.
 */
export function splitText(text: string, size: number): string[] {
  const step = Math.max(1, Math.floor(size));
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += step) pieces.push(chars.slice(i, i + step).join(''));
  return pieces;
}
