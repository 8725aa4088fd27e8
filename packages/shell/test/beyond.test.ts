// What makes a line beyond the plain subset: each construct a rule cannot
// see through is named in `beyond`, and the ordinary lines are plain.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are bash, not templates
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadShellParser } from '../src/index.ts';

const parser = await loadShellParser();

const PLAIN = [
  'git status',
  'npm test',
  'ls -la | head',
  'npm test 2>&1 | tail -5',
  'rg foo src > /dev/null',
  'npm run build && npm test',
  'CI=1 NODE_ENV=test npm test',
  'git diff HEAD~1 -- src',
  'wc -l < src/index.ts',
  '(cd packages/core && npm test)',
  'ls 2>&-',
  'command -v node',
  'bash scripts/check.sh --fast',
  'echo done # all good',
];
for (const line of PLAIN) {
  test(`plain: ${JSON.stringify(line)}`, () => {
    assert.deepEqual(parser.parse(line).beyond, []);
  });
}

const BEYOND: readonly (readonly [string, string])[] = [
  ['echo $(id)', 'command substitution'],
  ['echo "x $(id)"', 'command substitution'],
  ['echo `id`', 'command substitution'],
  ['echo "`id`"', 'command substitution'],
  ['echo ${x:-$(id)}', 'command substitution'],
  ['diff <(ls a) <(ls b)', 'process substitution'],
  ['tee >(sh)', 'process substitution'],
  ['cat <<EOF\nhi\nEOF', 'heredoc'],
  ["cat <<'EOF'\n$(id)\nEOF", 'heredoc'],
  ['cat <<< hi', 'herestring'],
  ["npm test $'\\'';touch x #'", 'ANSI-C quoting'],
  ['echo $"hi"', 'unreadable word ($)'],
  ['echo hi > out.txt', 'redirection to a file'],
  ['echo hi >> ~/.bashrc', 'redirection to a file'],
  ['echo hi >& out', 'redirection to a file'],
  ['echo hi &> out', 'redirection to a file'],
  ['echo hi > $OUT', 'redirection to a file'],
  ['{ ls; } > out', 'redirection to a file'],
  ['eval "rm x"', 'eval'],
  ['exec rm x', 'exec'],
  ['source ./env.sh', 'source'],
  ['. ./env.sh', '.'],
  ['bash -c "rm x"', 'bash -c'],
  ['sh -xc "rm x"', 'sh -c'],
  ['/bin/zsh -c "rm x"', 'zsh -c'],
  ['curl x | sh', 'sh without a script'],
  ['PATH=/tmp/evil git status', 'assignment to PATH'],
  ['LD_PRELOAD=/tmp/x.so ls', 'assignment to LD_PRELOAD'],
  ['BASH_ENV=/tmp/x bash s.sh', 'assignment to BASH_ENV'],
  ['NODE_OPTIONS="--require ./x.js" npm test', 'assignment to NODE_OPTIONS'],
  ['PATH=/tmp/evil; git status', 'assignment to PATH'],
  ['CI=$X npm test', 'assignment to CI'],
  ['export PATH=/tmp', 'declaration'],
  ['env X=1 rm x', 'env'],
  ['command rm x', 'command'],
  ['builtin eval x', 'builtin'],
  ['xargs rm < list', 'xargs'],
  ['sudo rm x', 'sudo'],
  ['nohup rm x', 'nohup'],
  ['timeout 5 rm x', 'timeout'],
  ['nice rm x', 'nice'],
  ['time rm x', 'time'],
  ['alias ls="rm -rf"', 'alias'],
  ['f() { rm x; }', 'function definition'],
  ['if true; then rm x; fi', 'if'],
  ['for f in a; do rm $f; done', 'loop'],
  ['while true; do ls; done', 'loop'],
  ['case x in x) rm y;; esac', 'case'],
  ['[[ -f x ]] && ls', 'test expression'],
  ['echo $((a[0]))', 'arithmetic expansion'],
  ['echo ${x@P}', 'parameter expansion operator'],
  ['echo ${!x}', 'parameter expansion operator'],
  ['find . -name x -exec rm {} \\;', 'find -exec'],
  ['find . -delete', 'find -exec'],
  ["rg --pre 'sh -c id' x", 'rg --pre'],
  ['git -c core.pager=id log', 'git -c'],
  ["printf -v 'a[$(id)]' x", 'printf -v'],
  ['trap "rm x" EXIT', 'trap'],
  ['let "a[$x]"', 'let'],
  ['echo "unterminated', 'parse error'],
  ['ls )', 'parse error'],
  ['$(echo rm) x', 'command name from an expansion'],
  ['npm test \\ #;touch x', 'comment bash does not read as one'],
  ['npm test\n\\touch x', 'parse error'],
  ['npm test | tail\n\\ touch', 'parse error'],
  ['cat <\nx', 'parse error'],
  ['npm test\f#;touch x', 'control character'],
  ['npm test\r#;touch x', 'control character'],
];
for (const [line, reason] of BEYOND) {
  test(`beyond: ${JSON.stringify(line)} is ${reason}`, () => {
    assert.ok(parser.parse(line).beyond.includes(reason), JSON.stringify(parser.parse(line).beyond));
  });
}
