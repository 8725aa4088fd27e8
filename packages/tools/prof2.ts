import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { strikethrough } from 'turndown-plugin-gfm';
import { extractHtml } from './src/scrape/extract-html.ts';
import { articlePage } from './test/helpers/pages.ts';
const nav = Array.from({ length: 1500 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join('');
const state = JSON.stringify({ items: Array.from({ length: 9000 }, (_, i) => ({ id: i, title: `Item ${i}`, tags: ['a', 'b'] })) });
const script = `<script>${'window.analytics.push({event:"view",ts:Date.now()});'.repeat(8000)}</script>`;
const comments = Array.from({ length: 600 }, (_, i) => `<div class="comment"><span class="user">user${i}</span><p>Nice post ${i}!</p></div>`).join('');
const head = `<script id="__NEXT_DATA__" type="application/json">${state}</script>${script}<style>${'.x{color:red}'.repeat(5000)}</style>`;
let page = articlePage({ paragraphs: 380, head }).replace('<nav><ul>', `<nav><ul>${nav}`);
page = page.replace('<footer>', `<section class="comments">${comments}</section><footer>`);
while (page.length < 2*1024*1024) page = page.replace('</body>', `<!-- ${'padding '.repeat(1000)} --></body>`);
const pure = articlePage({ paragraphs: 5000 });
const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }); td.use(strikethrough);
function v2(html: string) {
  const times: Record<string, number> = {};
  let t = (process.cpuUsage().user/1000);
  const stripped = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '').replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  times.strip = (process.cpuUsage().user/1000) - t; t = (process.cpuUsage().user/1000);
  const { document } = parseHTML(stripped);
  Object.defineProperty(document, 'baseURI', { value: 'http://x.example/a/b' });
  Object.defineProperty(document, 'documentURI', { value: 'http://x.example/a/b' });
  times.parse = (process.cpuUsage().user/1000) - t; t = (process.cpuUsage().user/1000);
  const a = new Readability(document as any, { serializer: (el: any) => el }).parse();
  times.readability = (process.cpuUsage().user/1000) - t; t = (process.cpuUsage().user/1000);
  const md = td.turndown(a!.content as any);
  times.turndown = (process.cpuUsage().user/1000) - t;
  return { times, md };
}
for (const [name, html] of [["realistic", page]] as const) {
  for (let i = 0; i < 8; i++) {
    const { times, md } = v2(html);
    let t = (process.cpuUsage().user/1000);
    const old = extractHtml(html, 'http://x.example/a/b');
    const oldT = (process.cpuUsage().user/1000) - t;
    console.log(name, Object.entries(times).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(' '), 'v2total', Object.values(times).reduce((a, b) => a + b).toFixed(0), 'old', oldT.toFixed(0), md.length, old.length);
  }
}
