/** A parsed Content-Type header: lower-case media type and optional charset. */
export interface ContentType {
  readonly mediaType: string;
  readonly charset: string | undefined;
}

/** Parses `text/html; charset=ISO-8859-1` into its media type and charset. */
export function parseContentType(header: string | undefined): ContentType {
  if (!header) return { mediaType: '', charset: undefined };
  const [type = '', ...params] = header.split(';');
  let charset: string | undefined;
  for (const param of params) {
    const [key, value] = param.split('=');
    if (key?.trim().toLowerCase() === 'charset' && value)
      charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
  }
  return { mediaType: type.trim().toLowerCase(), charset };
}

const TEXTUAL_APPLICATION_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/xhtml+xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/ld+json',
  'application/x-ndjson',
]);

/** True for `text/*`, JSON/XML/JS/XHTML/RSS/Atom and any `+json`/`+xml` type: bodies readable as text. */
export function isTextualMediaType(mediaType: string): boolean {
  if (mediaType.startsWith('text/')) return true;
  if (TEXTUAL_APPLICATION_TYPES.has(mediaType)) return true;
  return mediaType.startsWith('application/') && (mediaType.endsWith('+json') || mediaType.endsWith('+xml'));
}

/** True for the HTML types web_scrape runs Readability on. */
export function isHtmlMediaType(mediaType: string): boolean {
  return mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
}

/** Decodes a body with its declared charset, falling back to UTF-8 for unknown labels. */
export function decodeBody(body: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
