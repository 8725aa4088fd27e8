// The words of plain lines as bash itself passes them: each line is run by the
// real bash with its command names turned into functions that print their
// arguments, and the parser must read the same words.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are bash, not templates
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { loadShellParser } from '../src/index.ts';

const parser = await loadShellParser();

/** The argument lists bash runs for `line`, with every command in `names` printing its arguments instead. */
function bashWords(line: string, names: readonly string[]): string[][] {
  const fns = names.map((n) => `${n}() { printf '%s\\0' "$FUNCNAME" "$@"; printf '\\n'; }`).join('; ');
  const out = spawnSync('bash', ['-c', `${fns}\n${line}`], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\0').slice(0, -1));
}

const LINES = [
  'npm test',
  'npm test "a b" c\\ d \'x\'',
  'git log --format="%h %s" -n 3',
  'echo "a\\"b\\$c\\\\d\\e" \'q"r\'',
  'echo te"st"\'s\' "  sp  "',
  'npm test -- --grep "two words"',
  'echo a; echo b && echo c',
  'echo one\necho two',
  'echo x \\\n  y',
  'echo a#b # a comment; echo hidden',
  'echo "*.ts" \'$HOME\'',
  'CI=1 echo ok',
];

for (const line of LINES) {
  test(`words: ${JSON.stringify(line)} reads as bash runs it`, () => {
    const read = parser.parse(line);
    assert.deepEqual(read.beyond, []);
    const names = [...new Set(read.commands.map((c) => c.name))];
    assert.deepEqual(
      read.commands.map((c) => [c.name, ...c.args]),
      bashWords(line, names),
    );
    assert.ok(read.commands.every((c) => c.words.every((w) => w.literal)));
  });
}

test('a prefix assignment is kept apart from the words; redirections are read with their target', () => {
  const [command] = parser.parse('CI=1 npm test 2>&1 >/dev/null').commands;
  assert.equal(command?.name, 'npm');
  assert.deepEqual(command?.args, ['test']);
  assert.deepEqual(command?.assignments, ['CI=1']);
  assert.deepEqual(command?.redirects, [
    { operator: '2>&', target: '1' },
    { operator: '>', target: '/dev/null' },
  ]);
});

test('expansions mark their word as not literal; the name from an expansion is beyond', () => {
  const [npm] = parser.parse('npm test $FILE "${DIR}/x" ~/y a{b,c}').commands;
  assert.deepEqual(
    npm?.words.map((w) => w.literal),
    [true, true, false, false, false, false],
  );
  assert.deepEqual(parser.parse('npm test $FILE').beyond, []);
  assert.deepEqual(parser.parse('$TOOL test').beyond, ['command name from an expansion']);
  assert.deepEqual(parser.parse('/bin/r? -rf x').beyond, ['command name from an expansion']);
});

test('commands hidden in substitutions, loops and functions are still listed', () => {
  const names = (line: string) =>
    parser
      .parse(line)
      .commands.map((c) => c.name)
      .sort();
  assert.deepEqual(names('echo "$(rm -rf x)"'), ['echo', 'rm']);
  assert.deepEqual(names('for f in *; do rm "$f"; done'), ['rm']);
  assert.deepEqual(names('f() { curl x; }; f'), ['curl', 'f']);
  assert.deepEqual(names('cat <(ls) `id`'), ['cat', 'id', 'ls']);
  assert.deepEqual(names('cat <<EOF | sh\nrm -rf /\nEOF'), ['cat', 'sh']);
});

test('the parser is loaded once', async () => {
  assert.equal(await loadShellParser(), parser);
});
