/** True for the first half of a UTF-16 surrogate pair. */
function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * `text` when it has at most `max` characters, else its first and last
 * `max / 2` characters around a marker naming how many were left out. Never
 * cuts a surrogate pair in two: a lone half would be invalid Unicode in the
 * request body.
 */
export function clipMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  let headEnd = Math.ceil(max / 2);
  let tailStart = text.length - Math.floor(max / 2);
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd--;
  if (isHighSurrogate(text.charCodeAt(tailStart - 1))) tailStart++;
  const cut = tailStart - headEnd;
  return `${text.slice(0, headEnd)}\n[… ${cut} characters left out …]\n${text.slice(tailStart)}`;
}
