import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractHtml } from '../../src/scrape/extract-html.ts';
import { articlePage, productPage } from '../helpers/pages.ts';

describe('extractHtml', () => {
  it('keeps the article as Markdown and drops nav, sidebar, footer and scripts', () => {
    const markdown = extractHtml(articlePage({ paragraphs: 6 }), 'https://news.example/a/story');
    assert.match(markdown, /^# The Test Article/);
    assert.match(
      markdown,
      /Paragraph 0 of the story, with \[a relative link\]\(https:\/\/news\.example\/link\/0\), some _emphasis_/,
    );
    assert.match(markdown, /Paragraph 5 of the story/);
    assert.match(markdown, /\| Year \| Value \|\n\| --- \| --- \|\n\| 2023 \| 41 \|/);
    for (const boilerplate of [
      'Trending now',
      'Copyright Example News',
      'window.tracking',
      'color:red',
      '[World]',
    ]) {
      assert.ok(!markdown.includes(boilerplate), `dropped ${boilerplate}`);
    }
  });

  it('puts a JSON-LD section first, then a rule, then the readable text', () => {
    const markdown = extractHtml(productPage(), 'https://shop.example/p/1');
    const [jsonLd, readable] = markdown.split('\n\n---\n\n');
    assert.equal(
      jsonLd,
      '## Trail Runner 3000\n\n- Type: Product\n- Brand: Kodama Gear\n- SKU: TR-3000\n- Price: 129.99 USD (InStock)\n- Rating: 4.6/5 (212 reviews)\n\nA light trail running shoe.',
    );
    assert.match(readable ?? '', /Paragraph 2 of the story/);
  });

  it('falls back to <main> when Readability finds no article', () => {
    const html =
      '<html><head><title>Tiny</title></head><body><nav>menu</nav><main><h2>Short</h2><p>Just a little text.</p></main></body></html>';
    const markdown = extractHtml(html, 'https://x.example/');
    assert.equal(markdown, '# Tiny\n\n## Short\n\nJust a little text.');
  });
});

describe('extractHtml on awkward pages', () => {
  it('keeps content that a site wraps in one big <form>', () => {
    const html = articlePage({ paragraphs: 5 })
      .replace('<article>', '<form action="/postback"><article>')
      .replace('</article>', '</article></form>');
    assert.match(extractHtml(html, 'https://old.example/page.aspx'), /Paragraph 4 of the story/);
  });

  it('renders a table without a header row by inventing an empty one', () => {
    const html = `<html><head><title>T</title></head><body><main><table><tr><td>a</td><td>b|c</td></tr><tr><td>1</td><td>2</td></tr></table></main></body></html>`;
    assert.equal(
      extractHtml(html, 'https://x.example/'),
      '# T\n\n|   |   |\n| --- | --- |\n| a | b\\|c |\n| 1 | 2 |',
    );
  });

  it('reads JSON-LD from the raw page even though scripts are stripped before parsing', () => {
    const head =
      '<script type="application/ld+json">{"@type":"Event","name":"Tree Fest","startDate":"2025-06-01","location":{"name":"Forest Hall"}}</script>';
    const markdown = extractHtml(articlePage({ paragraphs: 4, head }), 'https://x.example/');
    assert.match(
      markdown,
      /^## Tree Fest\n\n- Type: Event\n- Starts: 2025-06-01\n- Location: Forest Hall\n\n---\n\n# /,
    );
  });
});
