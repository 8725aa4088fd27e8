/** Longest text {@link describeToolCall} returns; the rest is cut with a note. */
const MAX_CHARS = 2000;

/** The argument that names what a call acts on, shown first and bare, in this order of preference. */
const SUBJECT_KEYS = ['command', 'url', 'path', 'query'] as const;

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A tool call's arguments as a person reads them in a question: what the call
 * acts on first and bare (`command`, `url`, `path` or `query`: the command
 * itself, the URL), then each other argument as `key: value`; arguments that
 * are not a JSON object as they are. Raw text, cut at 2,000 characters: pass
 * it through a sanitizer (or {@link escapeHidden}) before showing it.
 */
export function describeToolCall(argumentsJson: string): string {
  let args: unknown;
  try {
    args = argumentsJson.trim() === '' ? {} : JSON.parse(argumentsJson);
  } catch {
    return cut(argumentsJson);
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return cut(argumentsJson);
  const entries = Object.entries(args as Record<string, unknown>);
  const subject = SUBJECT_KEYS.find((key) => typeof (args as Record<string, unknown>)[key] === 'string');
  const lines = subject === undefined ? [] : [shown((args as Record<string, unknown>)[subject])];
  for (const [key, value] of entries) if (key !== subject) lines.push(`${key}: ${shown(value)}`);
  return cut(lines.join('\n'));
}

function cut(text: string): string {
  return text.length <= MAX_CHARS
    ? text
    : `${text.slice(0, MAX_CHARS)}… (${text.length - MAX_CHARS} more characters)`;
}

// Control characters but newline and tab, format characters (bidi overrides,
// zero-width, tags), line and paragraph separators, variation selectors.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Variation_Selector}\u2028\u2029\u3164\uFFA0]/gu;

/**
 * Text with every character that could hide, reorder or overwrite what a
 * terminal shows (escape sequences, carriage returns, bidi overrides,
 * zero-width and other invisible characters) turned into a visible
 * `\u{NNNN}`; newlines and tabs are kept. `found` tells whether any was.
 */
export function escapeHidden(text: string): { readonly text: string; readonly found: boolean } {
  let found = false;
  const escaped = text.replace(HIDDEN, (char) => {
    if (char === '\n' || char === '\t') return char;
    found = true;
    return `\\u{${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`;
  });
  return { text: escaped, found };
}
