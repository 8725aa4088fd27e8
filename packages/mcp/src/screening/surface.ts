import { createHash } from 'node:crypto';

/** One tool as its server advertises it: what the model would read. */
export interface SurfaceTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The JSON Schema of the arguments, as sent (parameter descriptions live here). */
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/**
 * Everything a server says that would reach the model: its name and version,
 * its instructions, and each tool's name, title, description and parameter
 * schema. Screening reads all of it; the cache is keyed on all of it.
 */
export interface ServerSurface {
  /** The configured id. */
  readonly id: string;
  readonly serverName?: string;
  readonly serverVersion?: string;
  /** The description in the handshake's server info (newer servers send one). */
  readonly serverDescription?: string;
  readonly instructions?: string;
  readonly tools: readonly SurfaceTool[];
}

/** One piece of text in a surface and where it is: `tool "add" description`, `instructions`. */
export interface SurfaceField {
  readonly where: string;
  readonly text: string;
}

/** Every string a surface holds, each with a readable location (parameter descriptions, enum values, titles...). */
export function surfaceFields(surface: ServerSurface): SurfaceField[] {
  const fields: SurfaceField[] = [];
  const add = (where: string, text: unknown) => {
    if (typeof text === 'string' && text !== '') fields.push({ where, text });
  };
  add('server name', surface.serverName);
  add('server version', surface.serverVersion);
  add('server description', surface.serverDescription);
  add('instructions', surface.instructions);
  for (const tool of surface.tools) {
    const at = `tool "${tool.name}"`;
    add(`${at} name`, tool.name);
    add(`${at} title`, tool.title);
    add(`${at} description`, tool.description);
    walkSchema(tool.inputSchema, `${at} parameter schema`, add);
  }
  return fields;
}

/** Every string (keys included) anywhere in a schema, at a JSON-path-like location. */
function walkSchema(value: unknown, where: string, add: (where: string, text: unknown) => void): void {
  if (typeof value === 'string') {
    add(where, value);
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) walkSchema(v, `${where}[${i}]`, add);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, v] of Object.entries(value)) {
    add(`${where} key`, key);
    walkSchema(v, `${where}.${key}`, add);
  }
}

/** JSON with object keys sorted, so one surface always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of the whole surface: any change to any field gives another key. */
export function surfaceHash(surface: ServerSurface): string {
  return createHash('sha256').update(canonical(surface)).digest('hex');
}
