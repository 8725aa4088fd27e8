// The catalog as the model reads it: TypeScript declarations generated from
// the tools' JSON schemas. Hand-written rather than a schema-to-TS package:
// tool schemas use a small subset of JSON Schema, and what the model needs is
// the shape, not a faithful compile.
import type { AnyTool } from '@kodama/core';

type Schema = Record<string, unknown>;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function literal(value: unknown): string {
  return JSON.stringify(value) ?? 'unknown';
}

/** The TypeScript type of one JSON schema, indented for nesting at `depth`. */
export function typeOf(schema: unknown, depth = 0): string {
  if (schema === true || schema === undefined) return 'unknown';
  if (!isSchema(schema)) return 'never';
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ') || 'never';
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.map((s) => typeOf(s, depth)).join(' | ') || 'never';
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => typeOf({ ...schema, type: t }, depth)).join(' | ');
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${typeOf(schema.items, depth)}>`;
    case 'object':
      return objectType(schema, depth);
    default:
      return isSchema(schema.properties) ? objectType(schema, depth) : 'unknown';
  }
}

function objectType(schema: Schema, depth: number): string {
  const props = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const pad = '  '.repeat(depth + 1);
  const lines = Object.entries(props).map(([key, sub]) => {
    const doc =
      isSchema(sub) && typeof sub.description === 'string'
        ? `${pad}/** ${comment(sub.description)} */\n`
        : '';
    const name = IDENT.test(key) ? key : JSON.stringify(key);
    return `${doc}${pad}${name}${required.has(key) ? '' : '?'}: ${typeOf(sub, depth + 1)};`;
  });
  const extra = schema.additionalProperties;
  if (isSchema(extra)) lines.push(`${pad}[key: string]: ${typeOf(extra, depth + 1)};`);
  if (lines.length === 0) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
  return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
}

function comment(text: string): string {
  return text.replace(/\*\//g, '* /').replace(/\s*\n\s*/g, ' ');
}

/**
 * The `declare const tools: {...}` block for `tools`, each called as
 * `tools.<identifier>(args)`; `ids` maps a tool's name to its identifier.
 */
export function catalogDeclarations(tools: readonly AnyTool[], ids: ReadonlyMap<string, string>): string {
  const members = tools.map((tool) => {
    const id = ids.get(tool.name) ?? tool.name;
    const args = typeOf(tool.parameters.jsonSchema, 1);
    return `  /** ${comment(tool.description)} */\n  ${id}(args: ${args}): Promise<any>;`;
  });
  return [
    'declare const tools: {',
    ...members,
    '  /** Calls a catalog tool by name. */',
    '  call(name: string, args: Record<string, unknown>): Promise<any>;',
    '  /** Runs the functions with bounded concurrency; the results come back in the same order. */',
    '  parallel<T>(...fns: Array<() => Promise<T>>): Promise<T[]>;',
    "  /** The catalog tools' names. */",
    '  names: string[];',
    '};',
    "/** Appends to the program's output (objects as JSON). */",
    'declare function text(value: unknown): void;',
  ].join('\n');
}
