import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import { extractHtml } from './src/scrape/extract-html.ts';
import { htmlToMarkdown } from './src/scrape/markdown.ts';
import { articlePage } from './test/helpers/pages.ts';
const nav = Array.from({ length: 1500 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join('');
const state = JSON.stringify({ items: Array.from({ length: 9000 }, (_, i) => ({ id: i, title: `Item ${i}`, tags: ['a', 'b'] })) });
const script = `<script>${'window.analytics.push({event:"view",ts:Date.now()});'.repeat(8000)}</script>`;
const comments = Array.from({ length: 600 }, (_, i) => `<div class="comment"><span class="user">user${i}</span><p>Nice post ${i}!</p></div>`).join('');
const head = `<script id="__NEXT_DATA__" type="application/json">${state}</script>${script}<style>${'.x{color:red}'.repeat(5000)}</style>`;
let page = articlePage({ paragraphs: 380, head }).replace('<nav><ul>', `<nav><ul>${nav}`);
page = page.replace('<footer>', `<section class="comments">${comments}</section><footer>`);
while (page.length < 2*1024*1024) page = page.replace('</body>', `<!-- ${'padding '.repeat(1000)} --></body>`);
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const { document } = parseHTML(page);
  const p = performance.now() - t; t = performance.now();
  const a = new Readability(document as any).parse();
  const r = performance.now() - t; t = performance.now();
  htmlToMarkdown(a!.content!);
  const m = performance.now() - t; t = performance.now();
  extractHtml(page, 'http://x/');
  console.log('parse', p.toFixed(0), 'readability', r.toFixed(0), 'turndown', m.toFixed(0), 'extractHtml', (performance.now() - t).toFixed(0));
}
