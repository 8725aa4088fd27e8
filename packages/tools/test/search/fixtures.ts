/** A trimmed html.duckduckgo.com results page: one ad, two organic results. */
export const DUCKDUCKGO_PAGE = `<!DOCTYPE html><html><body><div id="links" class="results">
<div class="result results_links results_links_deep result--ad"><div class="links_main result__body">
<h2 class="result__title"><a class="result__a" href="https://duckduckgo.com/y.js?ad_provider=x">Buy Things</a></h2>
<a class="result__snippet" href="#">Sponsored.</a></div></div>
<div class="result results_links results_links_deep web-result"><div class="links_main links_deep result__body">
<h2 class="result__title"><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fnodejs.org%2Fen%2Fblog%2Frelease%2Fv20.0.0&amp;rut=abc">Node.js 20 is now <b>available</b>!</a></h2>
<div class="result__extras"><a class="result__url" href="#">nodejs.org/en/blog/release/v20.0.0</a></div>
<a class="result__snippet" href="#">We're excited to announce the release of <b>Node.js 20</b>! Highlights include...</a>
</div></div>
<div class="result results_links results_links_deep web-result"><div class="links_main links_deep result__body">
<h2 class="result__title"><a rel="nofollow" class="result__a" href="https://en.wikipedia.org/wiki/Node.js">Node.js - Wikipedia</a></h2>
<a class="result__snippet" href="#">Node.js is a cross-platform, open-source JavaScript runtime environment.</a>
</div></div>
</div></body></html>`;

/** DuckDuckGo's bot check page. */
export const DUCKDUCKGO_ANOMALY =
  '<html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div></body></html>';
