// Makes text safe to show a person who must approve it: whatever could hide,
// reorder or overwrite what they see on a terminal is turned into a visible
// escape. Faithful, not beautifying: whitespace is never collapsed and
// newlines are kept. The raw text is what runs; this is only what is shown.

/** A kind of hidden content the sanitizer found. */
export type SanitizeWarning =
  | 'control'
  | 'escape'
  | 'carriage-return'
  | 'backspace'
  | 'bidi'
  | 'zero-width'
  | 'invisible'
  | 'homoglyph';

/** The visible text and what was found in it. */
export interface SanitizedText {
  /** The text with every hiding character escaped. */
  readonly text: string;
  /** One entry per category found, in a stable order. */
  readonly warnings: readonly SanitizeWarning[];
}

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const ZERO_WIDTH = /\u034F|[\u00AD\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200D\u2060-\u2064\uFEFF]/;
// Everything else that renders as nothing or could fake a line break: every
// other format character (\p{Cf}: tag characters U+E0001 and U+E0020–E007F,
// U+206A–206F, ...), the unassigned rest of the tag block, line and paragraph
// separators, Hangul fillers and variation selectors (Mongolian ones included).
const INVISIBLE = /\p{Cf}|\p{Variation_Selector}|[\u{E0000}-\u{E007F}\u2028\u2029\u3164\uFFA0]/u;
const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[A-Za-z]/;

/** Human-readable description of each warning, for prompts. */
export const WARNING_TEXT: Readonly<Record<SanitizeWarning, string>> = Object.freeze({
  control: 'control characters (shown as \\xNN)',
  escape: 'terminal escape sequences (ESC shown as \\x1b)',
  'carriage-return': 'carriage returns that could overwrite the line (shown as \\x0d)',
  backspace: 'backspaces (shown as \\x08)',
  bidi: 'bidirectional overrides that reorder text (shown as \\u{NNNN})',
  'zero-width': 'invisible zero-width characters (shown as \\u{NNNN})',
  invisible:
    'invisible format characters, tags, fillers, variation selectors or line separators (shown as \\u{NNNN})',
  homoglyph: 'Cyrillic letters mixed with Latin ones (look-alike characters)',
});

const ORDER: readonly SanitizeWarning[] = [
  'escape',
  'carriage-return',
  'backspace',
  'control',
  'bidi',
  'zero-width',
  'invisible',
  'homoglyph',
];

function hex2(code: number): string {
  return `\\x${code.toString(16).padStart(2, '0')}`;
}

/**
 * Escapes control bytes (`\xNN`), tabs (`\t`), bidi, zero-width and other
 * invisible characters (`\u{NNNN}`).
 */
export function sanitizeForDisplay(input: string): SanitizedText {
  const found = new Set<SanitizeWarning>();
  let text = '';
  for (const char of input) {
    const code = char.codePointAt(0)!;
    if (char === '\n') text += char;
    else if (char === '\t') text += '\\t';
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f)) {
      found.add(
        code === 0x1b || code === 0x9b
          ? 'escape'
          : code === 0x0d
            ? 'carriage-return'
            : code === 0x08
              ? 'backspace'
              : 'control',
      );
      text += hex2(code);
    } else if (BIDI.test(char)) {
      found.add('bidi');
      text += `\\u{${code.toString(16).toUpperCase().padStart(4, '0')}}`;
    } else if (ZERO_WIDTH.test(char)) {
      found.add('zero-width');
      text += `\\u{${code.toString(16).toUpperCase().padStart(4, '0')}}`;
    } else if (INVISIBLE.test(char)) {
      found.add('invisible');
      text += `\\u{${code.toString(16).toUpperCase().padStart(4, '0')}}`;
    } else text += char;
  }
  if (CYRILLIC.test(input) && LATIN.test(input)) found.add('homoglyph');
  return { text, warnings: ORDER.filter((w) => found.has(w)) };
}
