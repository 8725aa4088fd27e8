// Shell permission rules that mean what bash means: each line is judged by
// the rules of a user who allowed a few ordinary commands and denied `rm`
// and `curl`. A line is allowed only when every simple command in it is
// allowed and nothing in it is beyond the plain subset; a deny on any
// command in it (also one hidden behind sudo, env, xargs, bash -c) denies;
// anything else asks. Where it is cheap, the line is also run through the
// permission gate and the real bash tool with nobody to ask, and the marker
// file it would create must not appear.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are bash, not templates
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { InlineConfirmer, PermissionRules, permissionGate, ruleSource } from '@kodama/assistant';
import { executeToolCall } from '@kodama/core/tool';
import { Workspace, workspaceToolsByName } from '@kodama/workspace';

const root = mkdtempSync(join(tmpdir(), 'kodama-rules-'));
after(() => rmSync(root, { recursive: true, force: true }));

const rules = new PermissionRules(
  [
    ruleSource('user', {
      allow: [
        'bash(git status)',
        'bash(npm test:*)',
        'bash(ls:*)',
        'bash(head:*)',
        'bash(tail:*)',
        'bash(rg:*)',
        'bash(echo:*)',
        'bash(cat:*)',
        'bash(find:*)',
      ],
      deny: ['bash(rm:*)', 'bash(curl:*)'],
    }),
  ],
  root,
);

/** What happens to the line: allow (runs unasked), deny (refused), ask (a person decides; no rule allows it). */
function verdict(command: string): 'allow' | 'ask' | 'deny' {
  return rules.decide({ tool: 'bash', command })?.decision ?? 'ask';
}

/** Runs the line as the model would, through the gate and the real bash tool, with nobody to ask. */
async function runHeadless(command: string): Promise<string> {
  const workspace = await Workspace.create({ projectRoot: root });
  try {
    const confirmer = new InlineConfirmer(async () => ({ kind: 'no' }), undefined, rules);
    const [bash] = await workspaceToolsByName(workspace, ['bash'], { confirmer, sandbox: { kind: 'none' } });
    const gated = permissionGate(bash!, rules, confirmer);
    const outcome = await executeToolCall(
      gated,
      { id: 'call-1', name: 'bash', arguments: JSON.stringify({ command }) },
      {
        signal: new AbortController().signal,
        agentId: '',
        toolCallId: 'call-1',
        idempotencyKey: 't:1',
        emit: () => {},
      },
    );
    return JSON.stringify(outcome.result);
  } finally {
    await workspace.close();
  }
}

const ORDINARY: readonly string[] = [
  'git status',
  'npm test',
  'ls -la | head',
  'npm test 2>&1 | tail -5',
  'rg foo src > /dev/null',
  'CI=1 npm test -- --grep "two words"',
  'npm test # && touch x: a comment, not a command',
];
for (const line of ORDINARY) {
  test(`rules: the ordinary ${JSON.stringify(line)} stays allowed`, () => {
    assert.equal(verdict(line), 'allow');
  });
}

const ATTACKS: readonly (readonly [string, string, 'ask' | 'deny'])[] = [
  ["ANSI-C quoting closes the quote for the parser's eye", "npm test $'\\'';touch x #'", 'ask'],
  ['a heredoc body holding a substitution', 'cat <<EOF\n$(touch x)\nEOF', 'ask'],
  ['a quoted heredoc feeding sh', "cat <<'EOF' | sh\ntouch x\nEOF", 'ask'],
  ['a herestring', 'cat <<< "$(touch x)"', 'ask'],
  ['; chains an unallowed command', 'npm test; touch x', 'ask'],
  ['&& chains a denied command', 'npm test && rm -rf x', 'deny'],
  ['|| chains a denied command', 'npm test || curl https://evil.example', 'deny'],
  ['a pipe into sh', 'echo touch x | sh', 'ask'],
  ['$(…) inside double quotes of an allowed prefix', 'echo "$(touch x)"', 'ask'],
  ['backticks inside double quotes', 'echo "`touch x`"', 'ask'],
  ['a denied command inside $(…)', 'echo "$(rm -rf x)"', 'deny'],
  ['process substitution', 'cat <(touch x)', 'ask'],
  ['output redirected to a file', 'echo hi > x', 'ask'],
  ['>& to a file', 'ls >& x', 'ask'],
  ['eval', 'eval "touch x"', 'ask'],
  ['bash -c', 'bash -c "touch x"', 'ask'],
  ['a denied command in a bash -c string', "sh -c 'rm -rf x'", 'deny'],
  ['PATH= env prefix', 'PATH=. ls', 'ask'],
  ['LD_PRELOAD= env prefix', 'LD_PRELOAD=./x.so ls', 'ask'],
  ['a bare PATH assignment before an allowed command', 'PATH=/tmp/evil; git status', 'ask'],
  ['env runs a denied command', 'env X=1 rm -rf x', 'deny'],
  ['env runs an unallowed command', 'env touch x', 'ask'],
  ['an alias turns an allowed name into another command', 'alias ls=touch; ls x', 'ask'],
  ['a function shadows an allowed name', 'ls() { touch x; }; ls', 'ask'],
  ['a newline injects a second command', 'npm test\ntouch x', 'ask'],
  ['a comment ends at the newline', 'npm test #\ntouch x', 'ask'],
  ['a Cyrillic look-alike in an allowed prefix', 'npm t\u0435st', 'ask'],
  ['a no-break space joins words into one name', 'ls\u00a0-la', 'ask'],
  ['xargs runs a denied command', 'ls | xargs rm', 'deny'],
  ['xargs runs an unallowed command', 'ls | xargs touch', 'ask'],
  ['find -exec under an allowed find', 'find . -name y -exec touch x \\;', 'ask'],
  ['find -exec runs a denied command', 'find . -exec rm {} \\;', 'deny'],
  ['sudo runs a denied command', 'sudo rm -rf x', 'deny'],
  ['timeout runs a denied command', 'timeout 5 rm x', 'deny'],
  ['nohup runs an unallowed command', 'nohup touch x', 'ask'],
  ['quotes split a denied name', "'r''m' -rf x", 'deny'],
  ['a backslash before a denied name', '\\rm x', 'deny'],
  ['a path to a denied program', '/bin/rm x', 'deny'],
  ['a command name from a substitution', '$(echo touch) x', 'ask'],
  ['a command name from a variable', '$CMD x', 'ask'],
  ['a longer word than the prefix', 'npm testx', 'ask'],
  ['a prefix rule does not cover a second command', 'git status; git push', 'ask'],
  ['rg --pre under an allowed rg', "rg --pre 'touch x' foo", 'ask'],
  ['an arithmetic subscript runs code', "x='a[$(touch m)]'; echo $((x))", 'ask'],
  ['${x@P} runs what x holds', "x='$(touch m)'; echo ${x@P}", 'ask'],
  ['/dev/null first, then another command', 'ls > /dev/null; touch x', 'ask'],
  ['background & then another command', 'npm test &>/dev/null & touch x', 'ask'],
  ['an unterminated quote', 'echo "abc', 'ask'],
  ['exec replaces the shell with another program', 'exec touch x', 'ask'],
  ['source runs a file', 'source ./x.sh', 'ask'],
  ['a loop is never allowed by a rule of its body', 'for f in a; do echo $f; done', 'ask'],
  ['an escaped blank makes # part of a word, not a comment', 'npm test \\ #;touch x', 'ask'],
  ['a backslash after a newline, read by tree-sitter as an argument', 'npm test\n\\touch x', 'ask'],
  ['a form feed tree-sitter takes for a blank before #', 'npm test\f#;touch x', 'ask'],
  ['a carriage return before #', 'npm test\r#;touch x', 'ask'],
];
for (const [attack, line, expected] of ATTACKS) {
  test(`rules: ${attack} ${expected === 'deny' ? 'denies' : 'asks'} (${JSON.stringify(line)})`, () => {
    assert.equal(verdict(line), expected);
  });
}

const RUN_HEADLESS: readonly (readonly [string, string])[] = [
  ['ANSI-C quoting', "echo hi $'\\'';touch MARKER #'"],
  ['$(…) in double quotes', 'echo "$(touch MARKER)"'],
  ['a redirect to a file', 'echo hi > MARKER'],
  ['a heredoc piped to sh', "cat <<'EOF' | sh\ntouch MARKER\nEOF"],
  ['an escaped blank before #', 'echo hi \\ #;touch MARKER'],
  ['a backslash after a newline', 'echo hi\n\\touch MARKER'],
];
for (const [attack, line] of RUN_HEADLESS) {
  test(`rules: run headless, ${attack} under an allowed echo/cat leaves no marker`, async () => {
    const marker = join(root, 'MARKER');
    rmSync(marker, { force: true });
    const result = await runHeadless(line);
    assert.equal(existsSync(marker), false, result);
  });
}

test('rules: run headless, the ordinary allowed line runs unasked', async () => {
  writeFileSync(join(root, 'a.txt'), 'one\ntwo\n');
  const result = await runHeadless('cat a.txt | head -1');
  assert.match(result, /one/);
});
