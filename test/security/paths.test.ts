// Path rules judged by what a path really is: `.`, `..`, symlinked files and
// folders, absolute paths, case and trailing slashes, and paths that do not
// exist yet under a symlinked folder. A deny rule catches every spelling of
// a denied file; an allow rule is never widened by a spelling that leads
// elsewhere.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PermissionRules, ruleSource } from '@kodama/assistant';

const base = mkdtempSync(join(tmpdir(), 'kodama-paths-'));
after(() => rmSync(base, { recursive: true, force: true }));
const root = join(base, 'project');
for (const d of ['src', 'secrets', 'x', '.github/workflows', 'lib'])
  mkdirSync(join(root, d), { recursive: true });
mkdirSync(join(base, 'outside'));
writeFileSync(join(root, 'secrets', 't'), 'token');
writeFileSync(join(root, 'src', 'a.ts'), 'export {};\n');
symlinkSync('../secrets/t', join(root, 'src', 'token.ts')); // a file symlink into secrets
symlinkSync('../secrets', join(root, 'src', 'sec')); // a folder symlink into secrets
symlinkSync('../.github', join(root, 'src', 'ci')); // src/ci -> ../.github
symlinkSync('../secrets/new', join(root, 'src', 'dangling')); // a dangling symlink into secrets
symlinkSync('../outside', join(root, 'src', 'out')); // out of the root

const rules = new PermissionRules(
  [
    ruleSource('user', {
      deny: ['read(secrets/**)', 'edit(secrets/**)'],
      allow: ['read(src/**)', 'edit(src/**)', 'grep(src/**)'],
    }),
  ],
  root,
);
const verdict = (tool: string, path: string) => rules.decide({ tool, path })?.decision ?? 'ask';

const CASES: readonly (readonly [string, string, string, 'allow' | 'ask' | 'deny'])[] = [
  ['secrets/./t is the denied file', 'read', 'secrets/./t', 'deny'],
  ['x/../secrets/t is the denied file', 'read', 'x/../secrets/t', 'deny'],
  ['src/../secrets/t is denied, not allowed by src/**', 'read', 'src/../secrets/t', 'deny'],
  ['an absolute path to the denied file', 'read', join(root, 'secrets', 't'), 'deny'],
  ['a file symlink in src pointing into secrets', 'read', 'src/token.ts', 'deny'],
  ['a folder symlink in src pointing into secrets', 'read', 'src/sec/t', 'deny'],
  ['a new file under a symlinked folder into secrets', 'edit', 'src/sec/new.txt', 'deny'],
  ['a dangling symlink whose target is in secrets', 'write', 'src/dangling', 'deny'],
  ['the denied folder with a trailing slash', 'read', 'secrets/', 'deny'],
  ['a doubled slash', 'read', 'secrets//t', 'deny'],
  [
    'src/ci -> ../.github is judged as .github, not allowed by src/**',
    'edit',
    'src/ci/workflows/ci.yml',
    'ask',
  ],
  ['a new file under src/ci is not allowed by src/**', 'write', 'src/ci/new.txt', 'ask'],
  ['a symlinked folder out of the root is not allowed by src/**', 'edit', 'src/out/x.ts', 'ask'],
  ['.. out of the root is not allowed by src/**', 'edit', 'src/../../outside/x.ts', 'ask'],
  ['another case is another file on this file system', 'edit', 'SRC/a.ts', 'ask'],
  ['grep through a symlink into secrets is not allowed by grep(src/**)', 'grep', 'src/sec', 'ask'],
];
for (const [attack, tool, path, expected] of CASES) {
  test(`paths: ${attack} (${tool} ${path}) → ${expected}`, () => {
    assert.equal(verdict(tool, path), expected);
  });
}

const ORDINARY: readonly (readonly [string, string])[] = [
  ['edit', 'src/a.ts'],
  ['edit', './src/a.ts'],
  ['write', 'src/new/deep/file.ts'],
  ['read', join(root, 'src', 'a.ts')],
  ['edit', 'lib/../src/a.ts'],
];
for (const [tool, path] of ORDINARY) {
  test(`paths: the ordinary ${tool} ${path} stays allowed`, () => {
    assert.equal(verdict(tool, path), 'allow');
  });
}
