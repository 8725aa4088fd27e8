// Ranking of catalog tools for a query: BM25 over three weighted fields (the
// name counts most, then parameter names, then the description), with an
// exact name match always first. Small on purpose: a catalog is tens to a few
// hundred tools, re-indexed whenever it changes.
import type { AnyTool } from '@kodama/core';

/** Field weights: a query word in the name says more than one in a long description. */
const WEIGHTS = { name: 3, parameter: 1.5, description: 1 } as const;
const K1 = 1.2;
const B = 0.75;

/** Words too common in tool descriptions to tell tools apart. */
const STOP = new Set(
  'a an and are as at be by for from in is it of on or that the this to with use used uses you your'.split(
    ' ',
  ),
);

/**
 * The words of `text`, lowercased, split at case changes, `_`, `-`, `.` and
 * any other non-alphanumeric character, stop words dropped, a plural `s` cut.
 */
export function words(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const out: string[] = [];
  for (const raw of spaced.split(/[^\p{L}\p{N}]+/u)) {
    if (raw === '' || STOP.has(raw)) continue;
    out.push(raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return out;
}

/** The parameter names of a tool's JSON Schema (top level and one level of nested objects). */
function parameterNames(tool: AnyTool): string[] {
  const names: string[] = [];
  const visit = (schema: unknown, depth: number) => {
    const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
    if (!properties || typeof properties !== 'object') return;
    for (const [key, value] of Object.entries(properties)) {
      names.push(key);
      if (depth < 1) visit(value, depth + 1);
    }
  };
  visit(tool.parameters.jsonSchema, 0);
  return names;
}

interface Doc {
  readonly name: string;
  readonly weights: ReadonlyMap<string, number>;
  readonly length: number;
}

function document(tool: AnyTool): Doc {
  const weights = new Map<string, number>();
  let length = 0;
  const add = (text: string, weight: number) => {
    for (const w of words(text)) {
      weights.set(w, (weights.get(w) ?? 0) + weight);
      length += weight;
    }
  };
  add(tool.name, WEIGHTS.name);
  for (const p of parameterNames(tool)) add(p, WEIGHTS.parameter);
  add(tool.description, WEIGHTS.description);
  return { name: tool.name, weights, length };
}

/**
 * The names of the `tools` that match `query`, best first, at most `limit`:
 * a tool whose name is the query comes first; then every tool sharing at
 * least one word with the query, by BM25 score (ties keep catalog order).
 * Nothing matches an empty or all-stop-word query.
 */
export function rank(tools: readonly AnyTool[], query: string, limit: number): string[] {
  const trimmed = query.trim();
  const exact = tools.find((t) => t.name === trimmed || t.name.toLowerCase() === trimmed.toLowerCase());
  const terms = [...new Set(words(trimmed))];
  const docs = tools.map(document);
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(docs.length, 1) || 1;
  const scored: { name: string; score: number; order: number }[] = [];
  docs.forEach((doc, order) => {
    let score = 0;
    for (const term of terms) {
      const tf = doc.weights.get(term);
      if (!tf) continue;
      const df = docs.filter((d) => d.weights.has(term)).length;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / avg));
    }
    if (doc.name === exact?.name) score = Number.POSITIVE_INFINITY;
    if (score > 0) scored.push({ name: doc.name, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.name);
}
