import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { findJsonLdNode, renderJsonLd } from './json-ld.ts';
import { htmlToMarkdown } from './markdown.ts';

/** Below this many characters of text, Readability's pick is treated as a miss. */
const MIN_ARTICLE_CHARS = 100;

/** The linkedom document type, as Readability is typed against the DOM's. */
type DomDocument = ReturnType<typeof parseHTML>['document'];

/** Rewrites relative `href`/`src` to absolute ones, so links in the Markdown work out of context. */
function absolutizeLinks(document: DomDocument, baseUrl: string): void {
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const value = element.getAttribute(attribute);
      if (!value || value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
      try {
        element.setAttribute(attribute, new URL(value, baseUrl).toString());
      } catch {
        // Leave malformed URLs as written.
      }
    }
  }
}

function fallbackHtml(html: string): string {
  const { document } = parseHTML(html);
  const root = document.querySelector('main') ?? document.querySelector('article') ?? document.body;
  return root?.innerHTML ?? '';
}

/**
 * Turns an HTML page into Markdown: a JSON-LD section (Product, Article,
 * Recipe, ...) when the page has one, then the main content found by
 * Readability on a linkedom DOM, joined by a horizontal rule. When Readability
 * finds nothing, falls back to `<main>`, then `<article>`, then `<body>`.
 */
export function extractHtml(html: string, baseUrl: string): string {
  const { document } = parseHTML(html);
  const jsonLdBodies = Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
    (script) => script.textContent ?? '',
  );
  const jsonLd = findJsonLdNode(jsonLdBodies);
  absolutizeLinks(document, baseUrl);
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  // Readability is typed against lib.dom's Document; linkedom's is structurally close enough at runtime.
  const article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  let body: string;
  let title = pageTitle;
  if (article?.content && (article.textContent ?? '').trim().length >= MIN_ARTICLE_CHARS) {
    body = htmlToMarkdown(article.content);
    title = article.title?.trim() || pageTitle;
  } else {
    body = htmlToMarkdown(fallbackHtml(html));
  }
  const readable = [title ? `# ${title}` : '', body].filter((part) => part !== '').join('\n\n');
  return jsonLd ? `${renderJsonLd(jsonLd)}\n\n---\n\n${readable}` : readable;
}
