import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

let service: TurndownService | undefined;

/**
 * The shared HTML-to-Markdown converter: ATX headings, fenced code, GFM
 * tables and strikethrough; scripts, styles and forms dropped. Built once
 * (a process-wide cache that holds no per-call state).
 */
function markdownService(): TurndownService {
  if (service) return service;
  service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', hr: '---' });
  service.use(gfm);
  service.remove(['script', 'style', 'noscript', 'template', 'iframe', 'form', 'button', 'svg' as 'script']);
  return service;
}

/** Converts an HTML fragment to Markdown, collapsing runs of blank lines. */
export function htmlToMarkdown(html: string): string {
  return markdownService()
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
