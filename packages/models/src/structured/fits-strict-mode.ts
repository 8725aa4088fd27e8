import type { JsonSchema } from '@kodama/core/model';

// Keywords OpenAI's strict structured outputs accept (its "Supported schemas"
// page). A schema with any other keyword is sent with `strict: false`: the
// provider still sees the schema, and kodama checks the answer either way.
const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'description',
  'title',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fits(node: unknown): boolean {
  if (!isObject(node)) return false;
  if (Object.keys(node).some((key) => !STRICT_KEYWORDS.has(key))) return false;
  const { properties } = node;
  const isObjectSchema = node.type === 'object' || properties !== undefined;
  if (isObjectSchema) {
    // Strict mode wants every object closed and every property required (optional ones as nullable).
    if (!isObject(properties) || node.additionalProperties !== false) return false;
    const required = Array.isArray(node.required) ? node.required : [];
    if (Object.keys(properties).some((key) => !required.includes(key))) return false;
    if (!Object.values(properties).every(fits)) return false;
  }
  if (node.items !== undefined && !fits(node.items)) return false;
  if (node.anyOf !== undefined && !(Array.isArray(node.anyOf) && node.anyOf.every(fits))) return false;
  for (const key of ['$defs', 'definitions'] as const) {
    const defs = node[key];
    if (defs !== undefined && !(isObject(defs) && Object.values(defs).every(fits))) return false;
  }
  return true;
}

/**
 * True when OpenAI's strict structured outputs accept the schema as it is:
 * every object closed with all its properties required, and only the
 * keywords strict mode supports. Sending `strict: true` with any other schema
 * is a 400, so adapters ask for strict mode only when this holds.
 */
export function fitsStrictMode(schema: JsonSchema): boolean {
  return fits(schema);
}
