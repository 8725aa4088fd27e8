import { HistoryError } from '../errors.ts';

/** Keys that could reach an object's prototype when a consumer copies the value. Refused anywhere. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A plain JSON object whose keys have been checked. */
export type JsonObject = { readonly [key: string]: unknown };

/** Throws a {@link HistoryError} naming `problem`. */
export function fail(problem: string): never {
  throw new HistoryError(problem);
}

/** Joins a field onto a path; the document root is the empty path. */
export function at(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** Names a value's JSON type for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/** A key or value quoted for an error message, cut short so hostile input cannot bloat it. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/** Names a value for error messages: strings quoted, numbers and booleans as written, else its type. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return describe(value);
}

function where(path: string): string {
  return path === '' ? 'the document' : path;
}

/**
 * Checks that `value` is a JSON object. Its keys are checked separately
 * ({@link onlyKeys}) so a caller can first read the field that decides which
 * keys are allowed (the format version, a message's role, a part's type).
 */
export function expectObject(value: unknown, path: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(`${where(path)} must be an object, got ${describe(value)}`);
  }
  return value as JsonObject;
}

/** Refuses any key of `object` outside `allowed`, naming prototype keys as forbidden. */
export function onlyKeys(object: JsonObject, path: string, allowed: ReadonlySet<string>): void {
  for (const key in object) {
    if (allowed.has(key)) continue;
    if (FORBIDDEN_KEYS.has(key)) fail(`${where(path)} has forbidden key ${quote(key)}`);
    fail(`${where(path)} has unknown key ${quote(key)}`);
  }
}

/** Checks that `value` is a JSON object with only `allowed` keys. */
export function expectShape(value: unknown, path: string, allowed: ReadonlySet<string>): JsonObject {
  const object = expectObject(value, path);
  onlyKeys(object, path, allowed);
  return object;
}

/** Checks that `value` is a string. */
export function expectString(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(`${path} must be a string, got ${describe(value)}`);
  return value;
}

/** Checks that `value` is absent or a string. */
export function optionalString(value: unknown, path: string): string | undefined {
  return value === undefined ? undefined : expectString(value, path);
}

/** Checks that `value` is a non-empty string. */
export function expectNonEmptyString(value: unknown, path: string): string {
  const text = expectString(value, path);
  if (text === '') fail(`${path} must not be empty`);
  return text;
}

/** Checks that `value` is a JSON array. */
export function expectArray(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(`${path} must be an array, got ${describe(value)}`);
  return value;
}

/** Checks that `value` is exactly `expected`. */
export function expectLiteral<T extends string>(value: unknown, path: string, expected: T): T {
  if (value !== expected) {
    fail(`${path} must be ${quote(expected)}, got ${describeValue(value)}`);
  }
  return expected;
}

const BASE64 = /^[A-Za-z0-9+/]*$/;
// The last significant character of canonical base64 leaves its unused low bits zero.
const LAST_BEFORE_TWO_PADS = 'AQgw';
const LAST_BEFORE_ONE_PAD = 'AEIMQUYcgkosw048';

/**
 * True when `text` is canonical padded base64 (what `Buffer#toString('base64')`
 * writes), so decoding and re-encoding gives the same string back.
 */
export function isCanonicalBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  let body = text;
  let lastAllowed: string | undefined;
  if (text.endsWith('==')) {
    body = text.slice(0, -2);
    lastAllowed = LAST_BEFORE_TWO_PADS;
  } else if (text.endsWith('=')) {
    body = text.slice(0, -1);
    lastAllowed = LAST_BEFORE_ONE_PAD;
  }
  if (!BASE64.test(body)) return false;
  return lastAllowed === undefined || lastAllowed.includes(body.charAt(body.length - 1));
}
