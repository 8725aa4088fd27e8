import type { JsonSchema } from '../../model/tool-spec.ts';

type Mutable = { [key: string]: unknown };

function isSchemaObject(value: unknown): value is Mutable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SCHEMA_MAP_KEYWORDS = ['properties', '$defs', 'definitions', 'patternProperties'] as const;
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not'] as const;

/** Deep copy of a sub-schema with every object that declares `properties` made strict. */
function strictCopy(node: unknown): unknown {
  if (Array.isArray(node)) return Object.freeze(node.map(strictCopy));
  if (!isSchemaObject(node)) return node;
  const out: Mutable = {};
  for (const [key, value] of Object.entries(node)) out[key] = value;
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = node[keyword];
    if (!isSchemaObject(map)) continue;
    const copy: Mutable = {};
    for (const [name, sub] of Object.entries(map)) copy[name] = strictCopy(sub);
    out[keyword] = Object.freeze(copy);
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    if (Array.isArray(node[keyword])) out[keyword] = strictCopy(node[keyword]);
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    if (node[keyword] !== undefined) out[keyword] = strictCopy(node[keyword]);
  }
  // Unknown keys are refused: an object that lists its properties allows only
  // those unless it says otherwise. Free-form objects (no `properties`) stay open.
  if (isSchemaObject(node.properties) && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return Object.freeze(out);
}

/**
 * The schema served to the model and used for validation: a frozen deep copy
 * with `$schema` removed, `type: 'object'` and `properties` at the root, and
 * `additionalProperties: false` on every object that lists its properties and
 * does not say otherwise.
 *
 * @throws TypeError when the root does not describe an object.
 */
export function normalizeParametersSchema(schema: JsonSchema): JsonSchema {
  if (!isSchemaObject(schema)) throw new TypeError('tool parameters must be a JSON Schema object');
  if (schema.type !== undefined && schema.type !== 'object') {
    throw new TypeError(
      `tool parameters must describe an object (type: 'object'), got type ${JSON.stringify(schema.type)}`,
    );
  }
  const { $schema: _ignored, ...rest } = schema;
  return strictCopy({ ...rest, type: 'object', properties: rest.properties ?? {} }) as JsonSchema;
}
