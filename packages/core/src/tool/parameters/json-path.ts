/** The root of every argument path: `$`, as in `$.city` or `$.stops[2].name`. */
export const ROOT_PATH = '$';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The path of a property: `.key` for identifier-like keys, `["odd key"]` otherwise. */
export function propertyPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** A short, single-line rendering of a value for a problem message. */
export function previewValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
