/** The schema.org types whose JSON-LD is worth showing before the article text. */
export const JSON_LD_TYPES: readonly string[] = [
  'Product',
  'Article',
  'NewsArticle',
  'BlogPosting',
  'Recipe',
  'Event',
  'Book',
  'Movie',
];

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
}

/** Every object in a JSON-LD document, depth first (arrays and `@graph` flattened). */
function* nodesOf(value: unknown): Generator<JsonObject> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodesOf(item);
  } else if (isObject(value)) {
    yield value;
    if (Array.isArray(value['@graph'])) yield* nodesOf(value['@graph']);
  }
}

/**
 * The first node of a listed type among the page's JSON-LD script bodies;
 * scripts that are not valid JSON are skipped.
 */
export function findJsonLdNode(scriptBodies: readonly string[]): JsonObject | undefined {
  for (const body of scriptBodies) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      continue;
    }
    for (const node of nodesOf(parsed)) {
      if (typesOf(node).some((t) => JSON_LD_TYPES.includes(t))) return node;
    }
  }
  return undefined;
}

/** A JSON-LD value as short text: names of things, joined lists, plain scalars. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((v): v is string => v !== undefined);
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  if (isObject(value)) return textOf(value.name) ?? textOf(value['@id']);
  return undefined;
}

function priceOf(offers: unknown): string | undefined {
  const offer = Array.isArray(offers) ? offers.find(isObject) : offers;
  if (!isObject(offer)) return undefined;
  const currency = textOf(offer.priceCurrency);
  const amount =
    textOf(offer.price) ??
    (offer.lowPrice !== undefined
      ? `${textOf(offer.lowPrice)}–${textOf(offer.highPrice) ?? '?'}`
      : undefined);
  if (amount === undefined) return undefined;
  const availability = textOf(offer.availability)?.replace(/^https?:\/\/schema\.org\//, '');
  return `${amount}${currency ? ` ${currency}` : ''}${availability ? ` (${availability})` : ''}`;
}

function ratingOf(rating: unknown): string | undefined {
  if (!isObject(rating)) return undefined;
  const value = textOf(rating.ratingValue);
  if (value === undefined) return undefined;
  const best = textOf(rating.bestRating) ?? '5';
  const count = textOf(rating.reviewCount) ?? textOf(rating.ratingCount);
  return `${value}/${best}${count ? ` (${count} reviews)` : ''}`;
}

function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items
    .map((item) => (isObject(item) ? (textOf(item.text) ?? textOf(item)) : textOf(item)))
    .filter((v): v is string => !!v);
}

/**
 * Renders a JSON-LD node as Markdown: a title, metadata bullets (brand, SKU,
 * price, rating, author, dates, place) and the body (description or article body).
 */
export function renderJsonLd(node: JsonObject): string {
  const title = textOf(node.name) ?? textOf(node.headline) ?? 'Untitled';
  const bullets: Array<[string, string | undefined]> = [
    ['Type', typesOf(node).join(', ')],
    ['Brand', textOf(node.brand)],
    ['SKU', textOf(node.sku)],
    ['Price', priceOf(node.offers)],
    ['Rating', ratingOf(node.aggregateRating)],
    ['Author', textOf(node.author)],
    ['Director', textOf(node.director)],
    ['Publisher', textOf(node.publisher)],
    ['Published', textOf(node.datePublished)],
    ['Starts', textOf(node.startDate)],
    ['Ends', textOf(node.endDate)],
    ['Location', textOf(node.location)],
    ['ISBN', textOf(node.isbn)],
    ['Total time', textOf(node.totalTime)],
    ['Yield', textOf(node.recipeYield)],
  ];
  const lines = [`## ${title}`, ''];
  for (const [label, value] of bullets) if (value) lines.push(`- ${label}: ${value}`);
  const ingredients = listOf(node.recipeIngredient);
  const steps = listOf(node.recipeInstructions);
  const body = textOf(node.articleBody) ?? textOf(node.description);
  if (body) lines.push('', body);
  if (ingredients.length > 0) lines.push('', '### Ingredients', '', ...ingredients.map((i) => `- ${i}`));
  if (steps.length > 0) lines.push('', '### Instructions', '', ...steps.map((s, i) => `${i + 1}. ${s}`));
  return lines.join('\n').trim();
}
