import type { JsonSchema } from '../../model/tool-spec.ts';
import { previewValue, propertyPath, ROOT_PATH } from './json-path.ts';

// A small JSON Schema checker for the subset tool schemas use (hand-written
// ones, zod's output, MCP servers'): type (also lists of types), properties,
// required, additionalProperties, enum, const, items, prefixItems,
// minimum/maximum (also exclusive), minLength/maxLength, pattern,
// minItems/maxItems, anyOf/oneOf/allOf, local $ref. Other keywords (format,
// multipleOf, uniqueItems, patternProperties...) are served but not checked.
// It reports every problem, each prefixed with the argument's path.

type Schema = { readonly [key: string]: unknown };

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** Compiled `pattern` keywords. A cache: schemas are few and patterns repeat on every call. */
const patternCache = new Map<string, RegExp | null>();

function compilePattern(source: string): RegExp | null {
  let compiled = patternCache.get(source);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(source, 'u');
    } catch {
      try {
        compiled = new RegExp(source);
      } catch {
        compiled = null; // not a JS regex: the keyword is served but not checked
      }
    }
    patternCache.set(source, compiled);
  }
  return compiled;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true; // unknown type names are not ours to refuse
  }
}

function typesOf(schema: Schema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return undefined;
}

function typeList(types: readonly string[]): string {
  const names = [...new Set(types)].map((t) => TYPE_NAMES[t] ?? t);
  return names.length <= 2 ? names.join(' or ') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]))
    );
  }
  return false;
}

function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

class Checker {
  readonly problems: string[] = [];
  constructor(private readonly root: Schema) {}

  check(schema: unknown, value: unknown, path: string): void {
    if (schema === true || schema === undefined) return;
    if (schema === false) {
      this.problems.push(`${path} is not allowed`);
      return;
    }
    if (!isObject(schema)) return;
    if (typeof schema.$ref === 'string') this.check(this.resolve(schema.$ref), value, path);

    if ('const' in schema && !deepEqual(schema.const, value)) {
      this.problems.push(`${path} must be ${JSON.stringify(schema.const)} (got ${previewValue(value)})`);
      return;
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value))) {
      this.problems.push(
        `${path} must be one of ${schema.enum.map(literal).join(', ')} (got ${previewValue(value)})`,
      );
      return;
    }
    const types = typesOf(schema);
    if (types && types.length > 0 && !types.some((t) => matchesType(t, value))) {
      this.problems.push(`${path} must be ${typeList(types)} (got ${previewValue(value)})`);
      return;
    }
    if (Array.isArray(schema.allOf)) for (const sub of schema.allOf) this.check(sub, value, path);
    if (Array.isArray(schema.anyOf)) this.checkAlternatives(schema.anyOf, value, path, false);
    if (Array.isArray(schema.oneOf)) this.checkAlternatives(schema.oneOf, value, path, true);

    if (typeof value === 'string') this.checkString(schema, value, path);
    else if (typeof value === 'number') this.checkNumber(schema, value, path);
    else if (Array.isArray(value)) this.checkArray(schema, value, path);
    else if (isObject(value)) this.checkObject(schema, value, path);
  }

  private resolve(ref: string): unknown {
    if (ref === '#') return this.root;
    if (!ref.startsWith('#/'))
      throw new TypeError(`unsupported $ref ${ref}: only local references are checked`);
    let node: unknown = this.root;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      if (!isObject(node) || !Object.hasOwn(node, key)) throw new TypeError(`unresolvable $ref ${ref}`);
      node = node[key];
    }
    return node;
  }

  private checkAlternatives(
    options: readonly unknown[],
    value: unknown,
    path: string,
    exactlyOne: boolean,
  ): void {
    const results = options.map((option) => {
      const sub = new Checker(this.root);
      sub.check(option, value, path);
      return { option, problems: sub.problems };
    });
    const passing = results.filter((r) => r.problems.length === 0).length;
    if (exactlyOne && passing > 1) {
      this.problems.push(`${path} matches more than one of the allowed shapes`);
      return;
    }
    if (passing > 0) return;
    // Nothing fits. If no option even has the value's type, one merged message
    // says which types would do; otherwise the closest option's problems explain it.
    const optionTypes = results.map((r) => (isObject(r.option) ? typesOf(r.option) : undefined));
    if (optionTypes.every((t) => t !== undefined && !t.some((type) => matchesType(type, value)))) {
      this.problems.push(
        `${path} must be ${typeList(optionTypes.flat() as string[])} (got ${previewValue(value)})`,
      );
      return;
    }
    const closest = results.reduce((best, r) => (r.problems.length < best.problems.length ? r : best));
    this.problems.push(...closest.problems);
  }

  private checkString(schema: Schema, value: string, path: string): void {
    const length =
      typeof schema.minLength === 'number' || typeof schema.maxLength === 'number' ? [...value].length : 0;
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      this.problems.push(`${path} must be at least ${schema.minLength} characters long (got ${length})`);
    }
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
      this.problems.push(`${path} must be at most ${schema.maxLength} characters long (got ${length})`);
    }
    if (typeof schema.pattern === 'string' && compilePattern(schema.pattern)?.test(value) === false) {
      // A named format reads better than the regex that implements it (zod's z.email()).
      const what =
        typeof schema.format === 'string'
          ? `be a valid ${schema.format}`
          : `match the pattern ${schema.pattern}`;
      this.problems.push(`${path} must ${what} (got ${previewValue(value)})`);
    }
  }

  private checkNumber(schema: Schema, value: number, path: string): void {
    const bound = (keyword: string, fails: (limit: number) => boolean, words: string): void => {
      const limit = schema[keyword];
      if (typeof limit === 'number' && fails(limit))
        this.problems.push(`${path} must be ${words} ${limit} (got ${value})`);
    };
    bound('minimum', (limit) => value < limit, '>=');
    bound('maximum', (limit) => value > limit, '<=');
    bound('exclusiveMinimum', (limit) => value <= limit, '>');
    bound('exclusiveMaximum', (limit) => value >= limit, '<');
  }

  private checkArray(schema: Schema, value: readonly unknown[], path: string): void {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      this.problems.push(`${path} must have at least ${schema.minItems} items (got ${value.length})`);
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      this.problems.push(`${path} must have at most ${schema.maxItems} items (got ${value.length})`);
    }
    const prefix = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : [];
    const rest = Array.isArray(schema.items) ? undefined : schema.items;
    value.forEach((item, i) => {
      this.check(i < prefix.length ? prefix[i] : rest, item, propertyPath(path, i));
    });
  }

  private checkObject(schema: Schema, value: Record<string, unknown>, path: string): void {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : [],
    );
    // Problems come in schema order first, then unknown keys in the order sent.
    for (const key of Object.keys(properties)) {
      if (Object.hasOwn(value, key)) this.check(properties[key], value[key], propertyPath(path, key));
      else if (required.has(key)) this.problems.push(`${propertyPath(path, key)} is required`);
    }
    for (const key of required) {
      if (!Object.hasOwn(properties, key) && !Object.hasOwn(value, key)) {
        this.problems.push(`${propertyPath(path, key)} is required`);
      }
    }
    for (const key of Object.keys(value)) {
      if (Object.hasOwn(properties, key)) continue;
      this.check(schema.additionalProperties, value[key], propertyPath(path, key));
    }
  }
}

/**
 * Checks `value` against a JSON Schema (the subset tool schemas use) and
 * returns every problem found, each starting with its path (`$.stops[2].name
 * is required`); an empty list means valid.
 *
 * @throws TypeError when the schema holds a `$ref` that cannot be resolved locally.
 */
export function validateJsonSchema(schema: JsonSchema, value: unknown): string[] {
  const checker = new Checker(schema);
  checker.check(schema, value, ROOT_PATH);
  return checker.problems;
}
