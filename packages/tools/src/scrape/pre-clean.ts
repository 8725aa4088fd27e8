// Elements that never hold readable text, removed from the HTML string before
// the DOM is built: on heavy pages they are most of the bytes (inline
// bundles, JSON state, CSS, icon sprites) and parsing them dominated the time.
// A raw-text element ends at the first matching end tag, so a lazy match is
// exactly what an HTML parser does.
const RAW_TEXT_ELEMENTS = /<(script|style|template|noscript|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?-->/g;
const JSON_LD_SCRIPTS =
  /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The bodies of the page's `<script type="application/ld+json">` elements. */
export function jsonLdScripts(html: string): string[] {
  return Array.from(html.matchAll(JSON_LD_SCRIPTS), (match) => match[1] ?? '');
}

/** The HTML without comments, scripts, styles, templates, noscript and inline SVG. */
export function stripNonContent(html: string): string {
  return html.replace(COMMENTS, '').replace(RAW_TEXT_ELEMENTS, '');
}
