/**
 * `@kodama/tools/scrape`: the web_scrape tool and its extraction pipeline
 * (Readability on linkedom, turndown, JSON-LD; PDFs through the optional
 * `unpdf`, loaded on first use).
 */
export { extractHtml } from './extract-html.ts';
export { pdfToText } from './pdf-to-text.ts';
export { scrapeUrl } from './scrape-url.ts';
export { WEB_SCRAPE_DEFAULT_MAX_CHARS, type WebScrapeToolOptions, webScrapeTool } from './web-scrape-tool.ts';
