import { createRequire } from 'node:module';

/** `yaml`, required on the first parse: a project without skills never loads it (start-up time). */
let yaml: typeof import('yaml') | undefined;

/** Frontmatter keys as parsed, and the YAML problem when there was one. */
export interface ParsedFrontmatter {
  /** The top-level mapping ({} when the YAML holds something else, or nothing could be read). */
  readonly data: Readonly<Record<string, unknown>>;
  /** The parser's first error, with its line and column, e.g. `line 2, column 14: Nested mappings ...`. */
  readonly error?: string;
}

/** Keys whose text is recovered from their line when the YAML around them is broken. */
const RECOVERED = ['name', 'description'] as const;

/**
 * Parses frontmatter with the `yaml` package. Bad YAML does not lose the
 * skill: the error is reported, whatever the parser could read is kept, and
 * `name` and `description` written as one plain line each
 * (`description: Use when: you edit SQL`, a colon the YAML rules refuse) are
 * read from their own line.
 */
export function parseFrontmatter(text: string): ParsedFrontmatter {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const doc = yaml.parseDocument(text, { uniqueKeys: true });
  let value: unknown;
  try {
    value = doc.toJS();
  } catch (error) {
    return { data: recover({}, text), error: error instanceof Error ? error.message : String(error) };
  }
  const data = isRecord(value) ? value : {};
  const first = doc.errors[0];
  if (!first) return { data };
  const where = first.linePos?.[0];
  const message = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return {
    data: recover(data, text),
    error: where ? `line ${where.line}, column ${where.col}: ${message}` : message,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `data` with each recoverable key that is not a string taken from its own top-level line. */
function recover(data: Record<string, unknown>, yaml: string): Record<string, unknown> {
  const out = { ...data };
  for (const key of RECOVERED) {
    if (typeof out[key] === 'string' && out[key] !== '') continue;
    const line = new RegExp(`^${key}:[ \\t]*(.+?)[ \\t]*$`, 'm').exec(yaml);
    if (line) out[key] = unquote(line[1]!);
  }
  return out;
}

function unquote(text: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(text);
  return quoted ? quoted[2]! : text;
}
