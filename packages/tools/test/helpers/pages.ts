/** A paragraph of prose that Readability scores as content. */
export function paragraph(i: number): string {
  return `<p>Paragraph ${i} of the story, with <a href="/link/${i}">a relative link</a>, some <em>emphasis</em>, and enough plain words, commas, and sentences to look like real prose to the readability scorer. Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>`;
}

/**
 * An article page with boilerplate around it (nav, sidebar, footer, scripts),
 * `paragraphs` paragraphs and a table; about 400 bytes per paragraph.
 */
export function articlePage(options: { paragraphs: number; title?: string; head?: string }): string {
  const title = options.title ?? 'The Test Article';
  const body = Array.from({ length: options.paragraphs }, (_, i) => paragraph(i)).join('\n');
  return `<!doctype html>
<html><head><title>${title} | Example News</title>${options.head ?? ''}<script>window.tracking = true;</script><style>p{color:red}</style></head>
<body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li></ul></nav>
<aside class="sidebar"><h3>Trending now</h3><ul><li><a href="/t1">Trending one</a></li></ul></aside>
<article>
<h1>${title}</h1>
${body}
<table><thead><tr><th>Year</th><th>Value</th></tr></thead><tbody><tr><td>2023</td><td>41</td></tr><tr><td>2024</td><td>42</td></tr></tbody></table>
</article>
<footer><p>Copyright Example News. All rights reserved.</p></footer>
</body></html>`;
}

/** A shop page whose prose is thin but whose JSON-LD describes a Product. */
export function productPage(): string {
  const jsonLd = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', name: 'Shop' },
      {
        '@type': 'Product',
        name: 'Trail Runner 3000',
        brand: { '@type': 'Brand', name: 'Kodama Gear' },
        sku: 'TR-3000',
        description: 'A light trail running shoe.',
        offers: {
          '@type': 'Offer',
          price: '129.99',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 212 },
      },
    ],
  };
  return articlePage({
    paragraphs: 3,
    title: 'Trail Runner 3000',
    head: `<script type="application/ld+json">{not json</script><script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`,
  });
}
