import TurndownService from 'turndown';
import { strikethrough, taskListItems } from 'turndown-plugin-gfm';
import { markdownTables } from './markdown-tables.ts';

let service: TurndownService | undefined;

/**
 * The shared HTML-to-Markdown converter: ATX headings, fenced code, GFM
 * tables, strikethrough and task lists; scripts, styles and forms dropped.
 * Built once (a process-wide cache that holds no per-call state).
 */
function markdownService(): TurndownService {
  if (service) return service;
  service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    hr: '---',
  });
  service.use([strikethrough, taskListItems, markdownTables]);
  service.remove(['script', 'style', 'noscript', 'template', 'iframe', 'form', 'button']);
  return service;
}

/**
 * Converts HTML to Markdown, collapsing runs of blank lines. Takes a string
 * or a DOM node (any DOM: linkedom's nodes are passed directly, which saves
 * turndown a second parse of the page).
 */
export function htmlToMarkdown(html: string | object): string {
  return markdownService()
    .turndown(html as string)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
