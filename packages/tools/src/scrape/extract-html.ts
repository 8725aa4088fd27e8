import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { findJsonLdNode, renderJsonLd } from './json-ld.ts';
import { htmlToMarkdown } from './markdown.ts';
import { jsonLdScripts, stripNavigation, stripNonContent } from './pre-clean.ts';

/** Below this many characters of text, Readability's pick is treated as a miss. */
const MIN_ARTICLE_CHARS = 100;

/**
 * Elements removed before Readability runs. Readability strips footers,
 * asides and embeds from the article it returns anyway; dropping them (and
 * navigation) first spares it scoring thousands of menu links. Forms stay:
 * some sites (ASP.NET WebForms) wrap the whole page in one.
 */
const NEVER_CONTENT = 'nav, aside, footer, iframe, object, embed, select, textarea, button';

/** The linkedom document type. */
type DomDocument = ReturnType<typeof parseHTML>['document'];

/**
 * Parses with linkedom and gives the document the page's URL as `baseURI`
 * (linkedom leaves it null), so Readability turns relative links into absolute ones.
 */
function parseDocument(html: string, url: string): DomDocument {
  const { document } = parseHTML(html);
  Object.defineProperty(document, 'baseURI', { value: url });
  Object.defineProperty(document, 'documentURI', { value: url });
  return document;
}

/** `<main>`, else `<article>`, else `<body>`, with relative links made absolute. */
function fallbackRoot(html: string, url: string): object | undefined {
  const document = parseDocument(html, url);
  for (const link of Array.from(document.querySelectorAll('a[href]'))) {
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('#')) continue;
    try {
      link.setAttribute('href', new URL(href, url).toString());
    } catch {
      // Leave malformed URLs as written.
    }
  }
  return document.querySelector('main') ?? document.querySelector('article') ?? document.body ?? undefined;
}

/**
 * Turns an HTML page into Markdown: a JSON-LD section (Product, Article,
 * Recipe, ...) when the page has one, then the main content found by
 * Readability on a linkedom DOM, joined by a horizontal rule. When Readability
 * finds nothing, falls back to `<main>`, then `<article>`, then `<body>`.
 */
export function extractHtml(html: string, url: string): string {
  const jsonLd = findJsonLdNode(jsonLdScripts(html));
  const cleaned = stripNonContent(html);
  const document = parseDocument(stripNavigation(cleaned), url);
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  for (const element of Array.from(document.querySelectorAll(NEVER_CONTENT))) element.remove();
  // Readability is typed against lib.dom's Document; linkedom's is close enough at runtime.
  // The serializer hands back the element itself, so turndown reads the DOM we
  // already have instead of re-parsing serialized HTML.
  const article = new Readability<object>(document as unknown as Document, {
    charThreshold: 200,
    serializer: (element) => element,
  }).parse();
  let body: string;
  let title = pageTitle;
  if (article?.content && (article.textContent ?? '').trim().length >= MIN_ARTICLE_CHARS) {
    body = htmlToMarkdown(article.content);
    title = article.title?.trim() || pageTitle;
  } else {
    const root = fallbackRoot(cleaned, url);
    body = root ? htmlToMarkdown(root) : '';
  }
  const readable = [title ? `# ${title}` : '', body].filter((part) => part !== '').join('\n\n');
  return jsonLd ? `${renderJsonLd(jsonLd)}\n\n---\n\n${readable}` : readable;
}
