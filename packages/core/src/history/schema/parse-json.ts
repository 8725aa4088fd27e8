import { fail } from './checks.ts';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes and parses untrusted JSON, turning every failure into a
 * {@link HistoryError}: invalid UTF-8, syntax errors, a truncated document.
 */
export function parseJson(input: string | Uint8Array): unknown {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else if (input instanceof Uint8Array) {
    try {
      text = UTF8.decode(input);
    } catch {
      fail('history is not valid UTF-8');
    }
  } else {
    fail(`history input must be a string or bytes, got ${typeof input}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    fail(`history is not valid JSON (${reason.length > 200 ? `${reason.slice(0, 200)}…` : reason})`);
  }
}
