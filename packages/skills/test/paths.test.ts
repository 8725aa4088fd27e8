// Lexical resolution of model-supplied paths, and glob matching of gated skills.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PathMatcher, type Skill, workspaceRelative } from '../src/index.ts';

describe('workspaceRelative', () => {
  const root = '/repo';
  for (const [supplied, expected] of [
    ['src/a.ts', 'src/a.ts'],
    ['./src//a.ts', 'src/a.ts'],
    ['src/x/../a.ts', 'src/a.ts'],
    ['/repo/src/a.ts', 'src/a.ts'],
    ['../repo/src/a.ts', 'src/a.ts'],
    ['..foo/a.ts', '..foo/a.ts'],
    ['../other/a.ts', undefined],
    ['/etc/passwd', undefined],
    ['src/../../a.ts', undefined],
    ['/repo', undefined],
    ['.', undefined],
    ['', undefined],
    ['  ', undefined],
    [42, undefined],
    [undefined, undefined],
  ] as const) {
    test(`${JSON.stringify(supplied)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(workspaceRelative(root, supplied), expected);
    });
  }
});

function skill(name: string, paths?: string[]): Skill {
  return {
    name,
    description: name,
    location: `/s/${name}/SKILL.md`,
    baseDir: `/s/${name}`,
    source: '/s',
    ...(paths ? { paths } : {}),
    metadata: {},
    inProject: true,
    fromDependency: false,
  };
}

describe('PathMatcher', () => {
  const matcher = new PathMatcher([
    skill('sql', ['src/db/**/*.sql']),
    skill('always'),
    skill('any-md', ['**/*.md']),
    skill('ci', ['.github/workflows/*.yml']),
    skill('either', ['{src,lib}/util/**', 'Makefile']),
    skill('not-src', ['!src/**']),
  ]);
  const names = (path: string) => matcher.match(path).map((s) => s.name);

  test('matches by glob, in catalog order, each skill once', () => {
    assert.deepEqual(names('src/db/001.sql'), ['sql']);
    assert.deepEqual(names('src/db/deep/er/x.sql'), ['sql']);
    assert.deepEqual(names('docs/a.md'), ['any-md', 'not-src']);
    assert.deepEqual(names('src/db/README.md'), ['any-md']);
    assert.deepEqual(names('lib/util/a.ts'), ['either', 'not-src']);
    assert.deepEqual(names('Makefile'), ['either', 'not-src']);
    assert.deepEqual(names('src/app.ts'), []);
  });

  test('hidden directories match (dot: true); skills without a gate never match', () => {
    assert.deepEqual(names('.github/workflows/ci.yml'), ['ci', 'not-src']);
    assert.deepEqual(names('.notes/x.md'), ['any-md', 'not-src']);
    assert.equal(new PathMatcher([skill('always')]).isEmpty, true);
  });

  test('globs are tried by their literal base: sibling packages stay apart, a longer name is not a prefix', () => {
    const packages = new PathMatcher([
      skill('a', ['packages/a/**']),
      skill('b', ['packages/b/**/*.ts']),
      skill('db', ['src/db/*.sql']),
    ]);
    const hit = (path: string) => packages.match(path).map((s) => s.name);
    assert.deepEqual(hit('packages/b/src/x.ts'), ['b']);
    assert.deepEqual(hit('packages/a'), ['a'], 'picomatch: ** also matches the directory itself');
    assert.deepEqual(hit('packages/a/x'), ['a']);
    assert.deepEqual(hit('packages/ab/x.ts'), []);
    assert.deepEqual(hit('src/dbx/1.sql'), []);
    assert.deepEqual(hit('src/db/1.sql'), ['db']);
  });

  test('globs with no literal base: by extension, by a literal name, by braces', () => {
    const loose = new PathMatcher([
      skill('ts', ['**/*.{ts,tsx}']),
      skill('docker', ['**/Dockerfile']),
      skill('tests', ['**/*.test.ts']),
      skill('top-md', ['*.md']),
    ]);
    const hit = (path: string) => loose.match(path).map((s) => s.name);
    assert.deepEqual(hit('a/b/c.tsx'), ['ts']);
    assert.deepEqual(hit('a/b.test.ts'), ['ts', 'tests']);
    assert.deepEqual(hit('deploy/Dockerfile'), ['docker']);
    assert.deepEqual(hit('Dockerfile'), ['docker']);
    assert.deepEqual(hit('README.md'), ['top-md']);
    assert.deepEqual(hit('docs/README.md'), []);
    assert.deepEqual(hit('a.b/file'), []);
  });
});
