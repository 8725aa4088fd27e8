// KodamaError.isInstance recognises a class from another copy of a package by
// its name, so every error class on that base must have a name no other
// package's class has; and the base replaces the per-class Symbol.for markers
// and isInstance overrides the packages used to carry.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

interface ErrorClass {
  readonly name: string;
  readonly base: string;
  readonly file: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const FILES = readdirSync('packages').flatMap((p) => sources(join('packages', p, 'src')));
const CLASS = /\bclass\s+(\w+)\s+extends\s+(\w+)/g;

const classes: ErrorClass[] = FILES.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(CLASS)].map((m) => ({ name: m[1]!, base: m[2]!, file })),
);

/** The classes that derive, directly or not, from `root`. */
function descendants(all: readonly ErrorClass[], root: string): ErrorClass[] {
  const found: ErrorClass[] = [];
  let frontier = new Set([root]);
  while (frontier.size > 0) {
    const next = all.filter((c) => frontier.has(c.base));
    found.push(...next);
    frontier = new Set(next.map((c) => c.name));
  }
  return found;
}

/** Names given to more than one class, with where. */
function clashes(list: readonly ErrorClass[]): string[] {
  const byName = new Map<string, string[]>();
  for (const c of list) byName.set(c.name, [...(byName.get(c.name) ?? []), c.file]);
  return [...byName]
    .filter(([, files]) => files.length > 1)
    .map(([name, files]) => `${name}: ${files.join(', ')}`);
}

test('every KodamaError subclass has a name no other class in any package has', () => {
  const family = descendants(classes, 'KodamaError');
  // The scan sees the families of several packages (so the check below can fail).
  for (const name of ['ModelError', 'FetchError', 'PathRefusedError', 'UnknownToolError']) {
    assert.ok(
      family.some((c) => c.name === name),
      `${name} not found among KodamaError subclasses`,
    );
  }
  const names = new Set(family.map((c) => c.name));
  assert.deepEqual(clashes(classes.filter((c) => names.has(c.name))), []);
});

test('the clash check reports a name used twice', () => {
  const twice = [
    { name: 'FetchError', base: 'KodamaError', file: 'a.ts' },
    { name: 'FetchError', base: 'KodamaError', file: 'b.ts' },
  ];
  assert.deepEqual(clashes(twice), ['FetchError: a.ts, b.ts']);
});

test('no error class carries its own Symbol.for marker or isInstance: the base provides both', () => {
  const base = join('packages', 'core', 'src', 'errors', 'kodama-error.ts');
  // A ToolFailure is a value a tool returns, not an error class: its own mark is the point.
  const failureValue = join('packages', 'core', 'src', 'tool', 'tool-failure.ts');
  const offenders = FILES.filter((file) => file !== base && file !== failureValue).filter((file) =>
    /Symbol\.for\(\s*['"]kodama\.|static\s+isInstance\s*\(/.test(readFileSync(file, 'utf8')),
  );
  assert.deepEqual(offenders, []);
});
