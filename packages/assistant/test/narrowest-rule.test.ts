// The rule an "always" answer records and the -p refusal suggests: the
// narrowest that covers the call, never one for a loop or a chain, and,
// checked against the rules in effect, only one that would allow the call.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { narrowestRule, PermissionRules, parseRule, ruleSource } from '../src/internal.ts';

const ROOT = '/work/project';
const bash = (command: string) => narrowestRule({ tool: 'bash', command }, ROOT);

test('a program with subcommands gets a prefix of its name and subcommand', () => {
  assert.equal(bash('npm test -- --grep x'), 'bash(npm test:*)');
  assert.equal(bash('git status'), 'bash(git status:*)');
  assert.equal(bash('npm run build'), 'bash(npm run build:*)');
  assert.equal(bash('CI=1 npm test 2>&1'), 'bash(npm test:*)');
});

test('any other command is its own exact rule, quoted so that the rule reads back as the same words', () => {
  assert.equal(bash('rm -rf build'), 'bash(rm -rf build)');
  assert.equal(bash('ls'), 'bash(ls)');
  const rule = bash(`grep -n "two words" "it's.txt"`);
  assert.equal(rule, `bash(grep -n 'two words' 'it'\\''s.txt')`);
  assert.ok(parseRule(rule!).matches({ tool: 'bash', command: `grep -n "two words" "it's.txt"` }, ROOT));
});

test('a word bash fills in at run time ends the prefix', () => {
  assert.equal(bash('cat $FILE'), 'bash(cat:*)');
  assert.equal(bash('$TOOL x'), undefined);
});

test('no rule for a loop, a chain, a pipeline or anything beyond the plain subset', () => {
  for (const line of [
    'for f in *; do rm $f; done',
    'npm test && git push',
    'ls | head',
    'echo $(id)',
    'bash -c ls',
    '',
  ])
    assert.equal(bash(line), undefined, line);
});

test('every rule it gives allows the call it was made for', () => {
  for (const line of [
    'npm test -- --grep x',
    'git status --short',
    'rm -rf build',
    'cat $FILE',
    "echo 'a b'",
  ]) {
    const rule = bash(line)!;
    assert.ok(parseRule(rule).matches({ tool: 'bash', command: line }, ROOT), `${rule} for ${line}`);
  }
});

test('file tools get the path, other tools their name', () => {
  assert.equal(narrowestRule({ tool: 'edit', path: 'src/./a.ts' }, ROOT), 'edit(src/a.ts)');
  assert.equal(narrowestRule({ tool: 'write', path: `${ROOT}/src/b.ts` }, ROOT), 'write(src/b.ts)');
  assert.equal(narrowestRule({ tool: 'web_fetch' }, ROOT), 'web_fetch');
});

test('checked against the rules: none when a deny or ask rule would still catch the call, or a control file always asks', () => {
  const rules = new PermissionRules(
    [ruleSource('user', { ask: ['bash(git push:*)'], deny: ['bash(rm:*)'] })],
    ROOT,
  );
  assert.equal(rules.narrowestRule({ tool: 'bash', command: 'npm test' }), 'bash(npm test:*)');
  assert.equal(rules.narrowestRule({ tool: 'bash', command: 'git push origin' }), undefined);
  assert.equal(rules.narrowestRule({ tool: 'bash', command: 'rm -rf x' }), undefined);
  assert.equal(rules.narrowestRule({ tool: 'edit', path: '.kodama/config.json' }), undefined);
  const headless = new PermissionRules([], ROOT, { person: false });
  assert.equal(
    headless.narrowestRule({ tool: 'edit', path: '.kodama/config.json' }),
    'edit(.kodama/config.json)',
  );
});
