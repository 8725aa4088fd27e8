import type { SearchResult } from './search-engine.ts';

/**
 * Renders results as a numbered Markdown list: a linked title, then the URL
 * and the snippet on indented lines. Same input, same text, whatever the engine.
 */
export function renderResults(query: string, results: readonly SearchResult[]): string {
  if (results.length === 0) return `No results for ${JSON.stringify(query)}.`;
  const items = results.map((result, index) => {
    const title = (result.title || result.url).replace(/[[\]]/g, '\\$&');
    const lines = [`${index + 1}. [${title}](${result.url})`, `   ${result.url}`];
    if (result.snippet) lines.push(`   ${result.snippet}`);
    return lines.join('\n');
  });
  return `Search results for ${JSON.stringify(query)}:\n\n${items.join('\n\n')}`;
}
