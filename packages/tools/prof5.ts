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
const strip = process.argv[2] === 'strip';
const pre = (h: string) => strip ? h.replace(/<(nav|aside|footer)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '') : h;
const cpu: number[] = [];
for (let i = 0; i < 15; i++) {
  const c = process.cpuUsage();
  extractHtml(pre(page), 'http://x.example/a');
  const u = process.cpuUsage(c); cpu.push((u.user + u.system) / 1000);
}
cpu.sort((a, b) => a - b); console.log(strip ? 'strip' : 'base', cpu[7]?.toFixed(0));
