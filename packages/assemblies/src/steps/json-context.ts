import { InvalidOptionError } from '@kodama/core';

/**
 * A deep copy of an assembly's context (a child must not change its
 * parent's), which must be plain JSON: objects, arrays, strings, finite
 * numbers, booleans, null. `undefined` stays `undefined`.
 *
 * @throws InvalidOptionError naming the first value that is not JSON.
 */
export function copyJsonContext(value: unknown, where = 'context'): unknown {
  if (value === undefined) return undefined;
  return copy(value, where, new Set());
}

function copy(value: unknown, path: string, seen: Set<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw notJson(path, value, 'a non-finite number');
  }
  if (typeof value !== 'object') throw notJson(path, value, `a ${typeof value}`);
  if (seen.has(value)) throw notJson(path, value, 'a cycle');
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v, i) => copy(v, `${path}[${i}]`, seen));
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      throw notJson(path, value, `a ${proto?.constructor?.name ?? 'class'} instance`);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[k] = copy(v, `${path}.${k}`, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

function notJson(path: string, value: unknown, what: string): InvalidOptionError {
  return new InvalidOptionError(
    path,
    `plain JSON (objects, arrays, strings, finite numbers, booleans, null), not ${what}`,
    value,
  );
}
