import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonLdScripts, stripNavigation, stripNonContent } from '../../src/scrape/pre-clean.ts';

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

  it('cuts well-formed <nav> elements from the string', () => {
    assert.equal(
      stripNavigation(
        '<p>a</p><nav class="menu"><ul><li><a href="/">Home</a></li></ul></NAV ><p>b</p><NAV>x</nav><nav-bar>kept</nav-bar>',
      ),
      '<p>a</p><p>b</p><nav-bar>kept</nav-bar>',
    );
  });

  it('leaves a nav to the DOM when a parser would end it elsewhere', () => {
    const irregular = [
      // </div> closes the nav early in a real parser, so "content" is outside it.
      '<div><nav><a>menu</a></div><p>content</p></nav>',
      // Nested: the first </nav> ends the inner one.
      '<nav><nav>inner</nav><p>outer</p></nav>',
      // An unclosed list item: unbalanced, so not provably self-contained.
      '<nav><ul><li>a<li>b</ul></nav>',
      // No end tag at all.
      '<nav><a>menu</a><p>rest of the page</p>',
    ];
    for (const html of irregular) assert.equal(stripNavigation(html), html);
  });
});
