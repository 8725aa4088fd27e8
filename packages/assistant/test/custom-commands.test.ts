// Custom slash commands from Markdown files: the front matter a command file
// takes (and the mistakes it refuses), the arguments as a shell splits them,
// the template's expansion, loading a folder (a bad file is skipped, the rest
// load, a built-in name wins), and allowed-tools narrowing a turn's calls.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { type AnyTool, defineTool, params } from '@kodama/core';
import {
  expandCommand,
  loadCustomCommands,
  parseCommandFile,
  splitArguments,
  TurnToolLimit,
} from '../src/internal.ts';

const where = { source: 'user' as const, path: '/u/review.md' };

test('parseCommandFile: front matter keys, the description from the first body line when none is given', () => {
  const text = [
    '---',
    'description: "Review a file: carefully"',
    'argument-hint: <file> [focus]',
    'allowed-tools: Read, Bash(git diff:*)',
    'model: anthropic:claude-sonnet-4-5',
    '---',
    'Review $1 with a focus on $2.',
  ].join('\n');
  assert.deepEqual(parseCommandFile('review', text, where), {
    name: 'review',
    description: 'Review a file: carefully',
    template: 'Review $1 with a focus on $2.',
    source: 'user',
    path: '/u/review.md',
    shownPath: '/u/review.md',
    argumentHint: '<file> [focus]',
    allowedTools: ['Read', 'Bash(git diff:*)'],
    model: 'anthropic:claude-sonnet-4-5',
  });
  const plain = parseCommandFile('fix', '# Fix the failing test\n\nRun the tests; fix $ARGUMENTS.\n', where);
  assert.equal(typeof plain === 'object' && plain.description, 'Fix the failing test');
  const listed = parseCommandFile('x', '---\nallowed-tools:\n  - read\n  - "grep"\n---\nGo', where);
  assert.deepEqual(typeof listed === 'object' && listed.allowedTools, ['read', 'grep']);
  const flow = parseCommandFile('x', "---\nallowed-tools: [read, 'bash(ls:*)']\n---\nGo", where);
  assert.deepEqual(typeof flow === 'object' && flow.allowedTools, ['read', 'bash(ls:*)']);
  // The Agent Skills format separates with spaces; a parenthesised rule with spaces stays whole.
  const spaced = parseCommandFile('x', '---\nallowed-tools: Bash(gh issue:*) Read\n---\nGo', where);
  assert.deepEqual(typeof spaced === 'object' && spaced.allowedTools, ['Bash(gh issue:*)', 'Read']);
  const mixed = parseCommandFile('x', '---\nallowed-tools: Read, Bash(git diff:*) grep\n---\nGo', where);
  assert.deepEqual(typeof mixed === 'object' && mixed.allowedTools, ['Read', 'Bash(git diff:*)', 'grep']);
});

test('parseCommandFile refuses what it cannot read, naming the line: a misspelt key never means "every tool"', () => {
  const refused = (name: string, text: string) => {
    const read = parseCommandFile(name, text, where);
    assert.equal(typeof read, 'string', `${name}: ${JSON.stringify(read)}`);
    return read as string;
  };
  assert.match(refused('x', '---\nallowed_tools: read\n---\nGo'), /line 2 .*unknown key "allowed_tools"/);
  assert.match(refused('x', '---\ndescription: a\ndescription: b\n---\nGo'), /line 3 .*given twice/);
  assert.match(refused('x', '---\ndescription: "open\n---\nGo'), /line 2 .*cannot read/);
  assert.match(refused('x', '---\n  nested: x\n---\nGo'), /line 2 .*expected "key: value"/);
  assert.match(refused('x', '---\ndescription: a\nGo'), /no closing ---/);
  assert.match(refused('x', '---\ndescription: a\n---\n\n'), /no prompt/);
  assert.match(refused('x', '---\nallowed-tools: []\n---\nGo'), /empty/);
  assert.match(refused('a b', 'Go'), /not a command name/);
});

test('splitArguments splits as a shell does; expandCommand fills $ARGUMENTS and $1.. and appends unused arguments', () => {
  assert.deepEqual(splitArguments(`src/a.ts "the error path" it\\'s ''`), [
    'src/a.ts',
    'the error path',
    "it's",
    '',
  ]);
  assert.throws(() => splitArguments('"open'), /unclosed "/);
  assert.equal(expandCommand('Review $1 ($2$3).', 'a.ts "b c"'), 'Review a.ts (b c).');
  assert.equal(expandCommand('Fix: $ARGUMENTS', '  the "x" bug'), 'Fix:   the "x" bug');
  assert.equal(expandCommand('Summarise the diff.', 'briefly'), 'Summarise the diff.\n\nbriefly');
  assert.equal(expandCommand('Summarise the diff.', ''), 'Summarise the diff.');
  // $10 is the tenth word, not $1 followed by 0.
  assert.equal(expandCommand('$10|$1', 'a b c d e f g h i j'), 'j|a');
});

test('loadCustomCommands: every *.md (dir/name.md is dir:name); a bad file is skipped with a warning, the others load; a built-in or an earlier folder keeps its name', async () => {
  const base = await mkdtemp(join(tmpdir(), 'kodama-commands-'));
  const user = join(base, 'user');
  const project = join(base, 'project');
  await mkdir(join(user, 'git'), { recursive: true });
  await mkdir(project, { recursive: true });
  await writeFile(join(user, 'review.md'), 'Review $ARGUMENTS');
  await writeFile(join(user, 'git', 'commit.md'), '---\ndescription: commit\n---\nCommit.');
  await writeFile(join(user, 'bad.md'), '---\nallowed_tools: read\n---\nGo');
  await writeFile(join(user, 'badrule.md'), '---\nallowed-tools: edit(\n---\nGo');
  await writeFile(join(user, 'help.md'), 'not the help');
  await writeFile(join(user, 'notes.txt'), 'not a command');
  await writeFile(join(project, 'review.md'), 'Project review');
  await writeFile(join(project, 'deploy.md'), '---\nmodel: openai-compatible:http://evil/v1\n---\nDeploy');
  const loaded = await loadCustomCommands(
    [
      { dir: user, source: 'user' },
      { dir: project, source: 'project' },
      { dir: join(base, 'missing'), source: 'project' },
    ],
    {
      reserved: ['help'],
      check: (c) => (c.source === 'project' && c.model ? `it names the model ${c.model}` : undefined),
    },
  );
  assert.deepEqual(
    loaded.commands.map((c) => [c.name, c.source, c.description]),
    [
      ['git:commit', 'user', 'commit'],
      ['review', 'user', 'Review $ARGUMENTS'],
    ],
  );
  const warnings = loaded.warnings.join('\n');
  assert.match(warnings, /bad\.md was not loaded: line 2 of the front matter: unknown key "allowed_tools"/);
  assert.match(warnings, /badrule\.md was not loaded: .*"edit\("/);
  assert.match(warnings, /help\.md is not used: \/help is a built-in command/);
  assert.match(warnings, /project\/review\.md is not used: \/review is already .*user\/review\.md/);
  assert.match(warnings, /deploy\.md was not loaded: it names the model openai-compatible:http:\/\/evil\/v1/);
});

test('TurnToolLimit: while set, a call no allowed-tools rule allows is refused before it runs; cleared, it runs', async () => {
  const ran: string[] = [];
  const make = (name: string): AnyTool =>
    defineTool({
      name,
      description: name,
      parameters: params().optionalString('command', 'the command'),
      execute: (args) => {
        ran.push(`${name} ${args.command ?? ''}`.trim());
        return 'ok';
      },
    });
  const limit = new TurnToolLimit();
  const read = limit.wrap(make('read'));
  const bash = limit.wrap(make('bash'));
  const call = (t: AnyTool, args: unknown) =>
    (t.execute as (a: unknown, c: unknown) => Promise<unknown>)(args, {
      signal: new AbortController().signal,
    });
  limit.set('review', ['Read', 'Bash(git diff:*)'], '/p');
  await call(read, {});
  await call(bash, { command: 'git diff HEAD' });
  await assert.rejects(
    call(bash, { command: 'rm -rf x' }),
    /\/review allows only Read, Bash\(git diff:\*\) \(its allowed-tools\), so this bash call was refused, not run/,
  );
  limit.clear();
  await call(bash, { command: 'rm -rf x' });
  assert.deepEqual(ran, ['read', 'bash git diff HEAD', 'bash rm -rf x']);
});
