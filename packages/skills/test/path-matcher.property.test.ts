// The matcher's indexes (literal base, extension, literal end) never change the answer: it agrees with
// testing every glob with picomatch, over generated globs and paths.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { PathMatcher, type Skill } from '../src/index.ts';

const segment = fc.constantFrom('src', 'db', 'a', '.github', 'x.y', 'Makefile', 'lib', 'pkg-1');
const file = fc.constantFrom(
  'a.ts',
  'b.test.ts',
  'c.sql',
  'Dockerfile',
  'README.md',
  '.env',
  'x.tsx',
  'noext',
);
const path = fc
  .tuple(fc.array(segment, { maxLength: 3 }), file)
  .map(([dirs, name]) => [...dirs, name].join('/'));
const globPart = fc.constantFrom('src', 'db', '*', '**', '.github', '{src,lib}', 'pkg-?', '[ab]');
const globEnd = fc.constantFrom(
  '*.ts',
  '*.{ts,tsx}',
  'Dockerfile',
  '*.sql',
  '**',
  '*',
  'README.md',
  '*.test.ts',
);
const glob = fc
  .tuple(fc.boolean(), fc.array(globPart, { maxLength: 3 }), globEnd)
  .map(([negate, parts, end]) => `${negate ? '!' : ''}${[...parts, end].join('/')}`);

test('PathMatcher agrees with picomatch on every glob', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(glob, { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
      fc.array(path),
      (gates, paths) => {
        const skills: Skill[] = gates.map((paths, i) => ({
          name: `s${i}`,
          description: 'x',
          location: `/s${i}/SKILL.md`,
          baseDir: `/s${i}`,
          source: '/',
          paths,
          metadata: {},
          inProject: true,
          fromDependency: false,
        }));
        const matcher = new PathMatcher(skills);
        for (const p of paths) {
          const expected = skills
            .filter((s) => s.paths!.some((g) => picomatch(g, { dot: true })(p)))
            .map((s) => s.name);
          assert.deepEqual(
            matcher.match(p).map((s) => s.name),
            expected,
            p,
          );
        }
      },
    ),
    { numRuns: 3000 },
  );
});
