// KodamaError.isInstance recognises a class from another install by its name,
// so the names of kodama's error classes must be unique across all packages.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const CLASS = /\bclass\s+(\w+)\s+extends\s+(\w+)/g;

test('every KodamaError subclass has a name no other package uses', () => {
  const declared: { name: string; base: string; file: string }[] = [];
  for (const pkg of readdirSync('packages')) {
    let files: string[];
    try {
      files = sources(join('packages', pkg, 'src'));
    } catch {
      continue;
    }
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(CLASS))
        declared.push({ name: m[1]!, base: m[2]!, file });
    }
  }
  // Grow the family from the base until no class joins it.
  const family = new Set(['KodamaError']);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of declared) {
      if (family.has(c.base) && !family.has(c.name)) {
        family.add(c.name);
        grew = true;
      }
    }
  }
  const members = declared.filter((c) => family.has(c.base));
  assert.ok(members.length >= 10, `found ${members.length} kodama error classes; the scan is broken`);
  const files = new Map<string, string[]>();
  for (const c of members) files.set(c.name, [...(files.get(c.name) ?? []), c.file]);
  const clashes = [...files]
    .filter(([, where]) => where.length > 1)
    .map(([name, where]) => `${name}: ${where.join(', ')}`);
  assert.deepEqual(clashes, []);
});
