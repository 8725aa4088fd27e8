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

// A <nav> element that provably ends at its first </nav>: no nested <nav>, and
// every container tag opened inside is closed inside. Only then is the string
// cut exactly what the DOM removal (extract-html) would remove; anything
// irregular is left to the DOM.
const NAV_ELEMENTS = /<nav(?=[\s/>])[^>]*>([\s\S]*?)<\/nav\s*>/gi;
const NESTED_NAV = /<nav(?=[\s/>])/i;
const CONTAINER_TAGS =
  /<(\/?)(div|section|article|main|header|ul|ol|li|dl|table|thead|tbody|tfoot|tr|td|th|form|body|html)(?=[\s/>])/gi;

function closesItself(inner: string): boolean {
  if (NESTED_NAV.test(inner)) return false;
  const depth = new Map<string, number>();
  for (const [, close, name = ''] of inner.matchAll(CONTAINER_TAGS)) {
    const key = name.toLowerCase();
    const next = (depth.get(key) ?? 0) + (close ? -1 : 1);
    // An end tag of an element opened outside would close the nav early in a real parser.
    if (next < 0) return false;
    depth.set(key, next);
  }
  for (const open of depth.values()) if (open !== 0) return false;
  return true;
}

/**
 * The HTML without its well-formed `<nav>` elements. Mega-menus are often
 * the most nodes of a page and linkedom pays per node; the DOM pass still
 * removes every nav this leaves (nested or irregular ones).
 */
export function stripNavigation(html: string): string {
  return html.replace(NAV_ELEMENTS, (whole, inner: string) => (closesItself(inner) ? '' : whole));
}
