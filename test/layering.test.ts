// Enforces docs/ARCHITECTURE.md's dependency direction: core and shell import
// nothing of ours; feature packages import only core and shell; the CLI may import anything but
// testkit; testkit (a dev dependency) imports only core. Tests may also use testkit.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const FEATURE = new Set([
  'models',
  'tools',
  'workspace',
  'sqlite',
  'skills',
  'subagents',
  'otel',
  'ag-ui',
  'mcp',
  'inspector',
  'assistant',
  'assemblies',
  'durable',
  'memory',
]);

/** Which of our packages `from` may import in its source (not its tests). */
function allowedInSource(from: string, to: string): boolean {
  if (from === to) return false; // a package imports itself by relative path
  if (from === 'core' || from === 'shell') return false;
  if (from === 'testkit') return to === 'core';
  if (from === 'cli') return to !== 'testkit';
  // feature packages and every package added later: core, and shell (the bash parser)
  return to === 'core' || to === 'shell';
}

function files(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const IMPORT =
  /(?:from\s+|import\s*\(\s*|import\s+)['"]((?:@kodama\/[\w-]+|kodama)(?:\/[^'"]*)?|\.\.?\/[^'"]*)['"]/g;

function ourPackage(specifier: string): string | undefined {
  if (specifier === 'kodama' || specifier.startsWith('kodama/')) return 'cli';
  const m = /^@kodama\/([\w-]+)/.exec(specifier);
  return m?.[1];
}

const packages = readdirSync('packages').filter((p) => statSync(join('packages', p)).isDirectory());

test('every package is placed in the layering', () => {
  // A new package falls under the feature rule (core only) unless it is named here.
  const known = new Set(['core', 'shell', 'testkit', 'cli', ...FEATURE]);
  assert.deepEqual(
    packages.filter((p) => !known.has(p)),
    [],
    'a package that is not in the layering: add it to FEATURE (or give it a rule)',
  );
  assert.ok(packages.includes('core'));
});

test('no source file imports a package above it, and core imports nothing of ours', () => {
  const violations: string[] = [];
  for (const from of packages) {
    for (const file of files(join('packages', from, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1]!;
        if (spec.startsWith('.')) {
          if (/(^|\/)\.\.\/\.\.\/(\.\.\/)*(core|models|tools|workspace|testkit|cli|[\w-]+)\/src/.test(spec)) {
            violations.push(`${file}: reaches into another package by path (${spec})`);
          }
          continue;
        }
        const to = ourPackage(spec);
        if (to && !allowedInSource(from, to)) violations.push(`${file}: ${from} must not import ${spec}`);
      }
    }
  }
  assert.deepEqual(violations, []);
});

test('no test below the CLI imports the CLI', () => {
  const violations: string[] = [];
  for (const from of packages.filter((p) => p !== 'cli')) {
    for (const file of files(join('packages', from, 'test'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = ourPackage(m[1]!);
        if (to === 'cli') violations.push(`${file}: imports the CLI`);
      }
    }
  }
  assert.deepEqual(violations, []);
});

test('the rule itself rejects what it should', () => {
  assert.equal(allowedInSource('core', 'models'), false);
  assert.equal(allowedInSource('models', 'core'), true);
  assert.equal(allowedInSource('models', 'tools'), false);
  assert.equal(allowedInSource('testkit', 'models'), false);
  assert.equal(allowedInSource('cli', 'workspace'), true);
  assert.equal(allowedInSource('cli', 'testkit'), false);
  assert.equal(allowedInSource('shell', 'core'), false);
  assert.equal(allowedInSource('assistant', 'shell'), true);
});
