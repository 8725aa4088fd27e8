import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findJsonLdNode, renderJsonLd } from '../../src/scrape/json-ld.ts';

describe('findJsonLdNode', () => {
  it('finds the first listed type inside @graph and arrays, skipping broken scripts', () => {
    const node = findJsonLdNode([
      '{broken',
      JSON.stringify([{ '@type': 'Organization', name: 'Org' }]),
      JSON.stringify({
        '@graph': [{ '@type': 'WebPage' }, { '@type': ['Thing', 'NewsArticle'], headline: 'Hi' }],
      }),
    ]);
    assert.equal(node?.headline, 'Hi');
  });

  it('returns undefined when no node has a listed type', () => {
    assert.equal(findJsonLdNode([JSON.stringify({ '@type': 'Organization' })]), undefined);
  });
});

describe('renderJsonLd', () => {
  it('renders a product with brand, SKU, price and rating', () => {
    const markdown = renderJsonLd({
      '@type': 'Product',
      name: 'Lamp',
      brand: { name: 'Glow' },
      sku: 'L-1',
      offers: [{ price: 20, priceCurrency: 'EUR' }],
      aggregateRating: { ratingValue: '4.5', bestRating: '5', ratingCount: 10 },
      description: 'A lamp.',
    });
    assert.equal(
      markdown,
      '## Lamp\n\n- Type: Product\n- Brand: Glow\n- SKU: L-1\n- Price: 20 EUR\n- Rating: 4.5/5 (10 reviews)\n\nA lamp.',
    );
  });

  it('renders an article with authors and date, and a recipe with its steps', () => {
    assert.equal(
      renderJsonLd({
        '@type': 'BlogPosting',
        headline: 'Post',
        author: [{ name: 'Ann' }, { name: 'Bo' }],
        datePublished: '2024-05-01',
      }),
      '## Post\n\n- Type: BlogPosting\n- Author: Ann, Bo\n- Published: 2024-05-01',
    );
    const recipe = renderJsonLd({
      '@type': 'Recipe',
      name: 'Tea',
      recipeIngredient: ['water', 'leaves'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Boil.' },
        { '@type': 'HowToStep', text: 'Steep.' },
      ],
    });
    assert.match(
      recipe,
      /### Ingredients\n\n- water\n- leaves\n\n### Instructions\n\n1\. Boil\.\n2\. Steep\.$/,
    );
  });
});
