import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonLdScripts, stripNonContent } from '../../src/scrape/pre-clean.ts';

describe('pre-clean', () => {
  it('removes comments, scripts, styles, templates, noscript and inline SVG, keeping the rest', () => {
    const html =
      '<p>a</p><!-- c <p>hidden</p> --><script src="x.js"></script><SCRIPT>if (a < b) { x = "</p>"; }</SCRIPT>' +
      '<style media="print">p{}</style><template><p>t</p></template><noscript><img src="n.png"></noscript>' +
      '<svg viewBox="0 0 1 1"><path d="M0"/></svg><p>b</p>';
    assert.equal(stripNonContent(html), '<p>a</p><p>b</p>');
  });

  it('collects JSON-LD script bodies with any quoting of the type attribute', () => {
    const html = `<script type="application/ld+json">{"a":1}</script><script type='application/ld+json' id="x">{"b":2}</script><script type=application/ld+json>{"c":3}</script><script>{"no":0}</script>`;
    assert.deepEqual(jsonLdScripts(html), ['{"a":1}', '{"b":2}', '{"c":3}']);
  });
});
