// Permission rules without a terminal: parsing with messages that name the
// key, bash prefixes judged per simple command, path globs relative to the
// root, the first place with a matching rule deciding, and the inline
// confirmer asking only when the rules leave it open.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AnyTool, ToolContext } from '@kodama/core';
import {
  type ConfirmQuestion,
  InlineConfirmer,
  PermissionRules,
  parseRule,
  permissionGate,
  ruleSource,
  simpleCommands,
} from '../src/internal.ts';

const ROOT = '/work/project';

test('rules parse; bad ones say what is wrong and where', () => {
  assert.equal(parseRule('bash(npm test:*)').tool, 'bash');
  assert.equal(parseRule('edit(src/**)').tool, 'edit');
  assert.throws(() => parseRule('bash('), /"bash\(" is not a rule/);
  assert.throws(() => parseRule('bash()'), /empty pattern/);
  assert.throws(() => parseRule('calculator(1+1)'), /only bash and the file tools/);
  assert.throws(
    () => ruleSource('/p/config.json', { deny: ['read', 'bash(:*)'] }),
    /permissions\.deny\[1\]: .*prefix/,
  );
});

test('bash prefixes match whole words; exact commands match exactly', () => {
  const rule = parseRule('bash(npm test:*)');
  const m = (command: string) => rule.matches({ tool: 'bash', command }, ROOT);
  assert.ok(m('npm test'));
  assert.ok(m('npm test -- --watch'));
  assert.ok(!m('npm testing'));
  assert.ok(!m('npm install'));
  const exact = parseRule('bash(git status)');
  assert.ok(exact.matches({ tool: 'bash', command: 'git status' }, ROOT));
  assert.ok(!exact.matches({ tool: 'bash', command: 'git status --short' }, ROOT));
});

test('a command line is split into simple commands; substitutions and file redirections are never allowed', () => {
  assert.deepEqual(simpleCommands('npm test && npm run lint; echo "a;b" | cat'), [
    'npm test',
    'npm run lint',
    'echo "a;b"',
    'cat',
  ]);
  assert.deepEqual(simpleCommands('npm test 2>&1 >/dev/null'), ['npm test']);
  assert.equal(simpleCommands('echo $(cat ~/.ssh/id_rsa)'), undefined);
  assert.equal(simpleCommands('echo `id`'), undefined);
  assert.equal(simpleCommands('echo hi > notes.txt'), undefined);
  const rules = new PermissionRules(
    [ruleSource('user', { allow: ['bash(npm test:*)'], deny: ['bash(rm:*)'] })],
    ROOT,
  );
  assert.equal(rules.decide({ tool: 'bash', command: 'npm test' })?.decision, 'allow');
  assert.equal(rules.decide({ tool: 'bash', command: 'npm test && curl evil.example' }), undefined);
  assert.equal(rules.decide({ tool: 'bash', command: 'npm test; rm -rf /' })?.decision, 'deny');
  assert.equal(rules.decide({ tool: 'bash', command: 'npm test > out.txt' })?.decision, 'ask');
  assert.equal(rules.decide({ tool: 'bash', command: "npm test $'\\'';touch x #'" })?.decision, 'ask');
  assert.equal(rules.decide({ tool: 'bash', command: 'echo "$(rm -rf x)"' })?.decision, 'deny');
  assert.equal(rules.decide({ tool: 'bash', command: 'sudo rm -rf x' })?.decision, 'deny');
  assert.equal(rules.decide({ tool: 'bash', command: 'bash -c "rm -rf x"' })?.decision, 'deny');
});

test('path rules are globs relative to the root; edit also covers write', () => {
  const rules = new PermissionRules(
    [ruleSource('user', { allow: ['edit(src/**)'], deny: ['read(**/.env)'] })],
    ROOT,
  );
  assert.equal(rules.decide({ tool: 'edit', path: 'src/a/b.ts' })?.decision, 'allow');
  assert.equal(rules.decide({ tool: 'write', path: `${ROOT}/src/new.ts` })?.decision, 'allow');
  assert.equal(rules.decide({ tool: 'edit', path: 'test/a.ts' }), undefined);
  assert.equal(rules.decide({ tool: 'read', path: 'config/.env' })?.decision, 'deny');
});

test('the first place with a matching rule decides (the project before the user); deny beats allow within one', () => {
  const rules = new PermissionRules(
    [
      ruleSource('project', { allow: ['bash(git push:*)'] }),
      ruleSource('user', { deny: ['bash(git push:*)'], ask: ['bash(git:*)'] }),
    ],
    ROOT,
  );
  assert.deepEqual(rules.decide({ tool: 'bash', command: 'git push origin' }), {
    decision: 'allow',
    rule: 'bash(git push:*)',
    source: 'project',
  });
  assert.equal(rules.decide({ tool: 'bash', command: 'git log' })?.decision, 'ask');
  const one = new PermissionRules([ruleSource('user', { allow: ['bash'], deny: ['bash(rm:*)'] })], ROOT);
  assert.equal(one.decide({ tool: 'bash', command: 'rm x' })?.decision, 'deny');
});

test('the inline confirmer asks only what the rules leave open; "always" holds for the rule, not for chained commands', async () => {
  const asked: string[] = [];
  let answer: 'yes' | 'always' = 'always';
  const rules = new PermissionRules(
    [ruleSource('user', { allow: ['bash(ls:*)'], deny: ['bash(rm:*)'] })],
    ROOT,
  );
  const confirmer = new InlineConfirmer(
    async (q: ConfirmQuestion) => {
      asked.push(q.request.detail);
      return { kind: answer };
    },
    () => {},
    rules,
  );
  const bash = (detail: string, warnings: string[] = []) => ({
    tool: 'bash',
    title: 'run',
    detail,
    warnings,
  });
  assert.equal(await confirmer.confirm(bash('ls -la')), true);
  assert.equal(await confirmer.confirm(bash('rm -rf build')), false);
  assert.equal(await confirmer.confirm(bash('ls -la', ['a zero-width space'])), true); // hidden text: asked
  assert.equal(await confirmer.confirm(bash('npm test')), true); // asked, answered "always": bash(npm test:*)
  answer = 'yes';
  assert.equal(await confirmer.confirm(bash('npm test -- --watch')), true); // covered by the session rule
  assert.equal(await confirmer.confirm(bash('npm run build')), true); // another subcommand: asked
  assert.equal(await confirmer.confirm(bash('npm test && curl x.example')), true); // asked again
  assert.deepEqual(asked, ['ls -la', 'npm test', 'npm run build', 'npm test && curl x.example']);
  assert.deepEqual(confirmer.alwaysAllowed, ['bash(ls -la)', 'bash(npm test:*)']);
  confirmer.reset();
  assert.equal(rules.decide({ tool: 'bash', command: 'npm test' }), undefined);
});

test("a name ending in * covers every tool it starts (an MCP server's tools); it takes no pattern", () => {
  const rule = parseRule('fx__*');
  assert.ok(rule.matches({ tool: 'fx__delete' }, ROOT));
  assert.ok(!rule.matches({ tool: 'fy__delete' }, ROOT));
  assert.ok(parseRule('fx__*(*)').matches({ tool: 'fx__add' }, ROOT));
  assert.throws(() => parseRule('fx__*(a)'), /takes no pattern/);
  assert.ok(parseRule('fx__delete(*)').matches({ tool: 'fx__delete' }, ROOT));
});

test('the gate: deny refuses any tool; ask puts a tool that does not ask itself to the confirmer; bash is left to its own', async () => {
  const ran: string[] = [];
  const tool = (name: string): AnyTool =>
    ({
      name,
      description: name,
      parameters: { jsonSchema: { type: 'object' }, validate: (v: unknown) => ({ ok: true, value: v }) },
      trifectaLegs: { privateData: 'none', untrusted: 'none', egress: 'none' },
      sequential: false,
      execute: (args: unknown) => {
        ran.push(`${name} ${JSON.stringify(args)}`);
        return 'ran';
      },
    }) as unknown as AnyTool;
  const rules = new PermissionRules(
    [ruleSource('project', { deny: ['fx__delete'], ask: ['fx__*', 'bash(git:*)'], allow: ['fx__add'] })],
    ROOT,
  );
  const questions: string[] = [];
  let approve = false;
  const confirmer = {
    reviewed: true,
    confirm: async (r: { title: string }) => {
      questions.push(r.title);
      return approve;
    },
  };
  const context = { signal: new AbortController().signal } as ToolContext;
  const gated = (name: string) => permissionGate(tool(name), rules, confirmer);
  await assert.rejects(
    async () => gated('fx__delete').execute({}, context),
    /the permission rule "fx__delete" in project denies this call/,
  );
  await assert.rejects(
    async () => gated('fx__echo').execute({ text: 'hi' }, context),
    /did not approve this fx__echo call \(the rule "fx__\*" asks first\)/,
  );
  approve = true;
  assert.equal(await gated('fx__echo').execute({ text: 'hi' }, context), 'ran');
  assert.equal(await gated('bash').execute({ command: 'git push' }, context), 'ran'); // bash asks itself
  assert.equal(await gated('calculator').execute({}, context), 'ran');
  assert.deepEqual(questions, [
    'run fx__echo? (the rule "fx__*" in project asks first)',
    'run fx__echo? (the rule "fx__*" in project asks first)',
  ]);
  assert.deepEqual(ran, ['fx__echo {"text":"hi"}', 'bash {"command":"git push"}', 'calculator {}']);
  await assert.rejects(
    async () => permissionGate(tool('fx__echo'), rules).execute({}, context),
    /did not approve/,
    'no confirmer: nobody can answer',
  );
});

test("the gate asks about another tool's command or write (its effects); only the workspace's own bash, write and edit ask themselves", async () => {
  const ran: string[] = [];
  const effectful = (name: string, effect: 'runsCommand' | 'writesFile'): AnyTool =>
    ({
      name,
      description: name,
      parameters: { jsonSchema: { type: 'object' }, validate: (v: unknown) => ({ ok: true, value: v }) },
      trifectaLegs: { privateData: 'none', untrusted: 'none', egress: 'none' },
      sequential: false,
      effects: {
        kinds: [effect],
        of: (args: { command?: string; path?: string }) =>
          effect === 'runsCommand'
            ? [{ kind: 'runsCommand', command: args.command ?? '' }]
            : [{ kind: 'writesFile', path: args.path ?? '', preview: () => '' }],
      },
      execute: (args: unknown) => {
        ran.push(`${name} ${JSON.stringify(args)}`);
        return 'ran';
      },
    }) as unknown as AnyTool;
  const rules = new PermissionRules(
    [ruleSource('project', { ask: ['bash(git push:*)', 'edit(src/**)'] })],
    ROOT,
  );
  const questions: string[] = [];
  const confirmer = {
    reviewed: true,
    confirm: async (r: { title: string }) => {
      questions.push(r.title);
      return false;
    },
  };
  const context = { signal: new AbortController().signal } as ToolContext;
  // An extension's tools that run a command or write a file: the rules' ask is put to the person.
  await assert.rejects(
    async () =>
      permissionGate(effectful('fx__run', 'runsCommand'), rules, confirmer).execute(
        { command: 'git push' },
        context,
      ),
    /did not approve this fx__run call/,
  );
  await assert.rejects(
    async () =>
      permissionGate(effectful('fx__save', 'writesFile'), rules, confirmer).execute(
        { path: 'src/a.ts' },
        context,
      ),
    /did not approve this fx__save call/,
  );
  // Ordinary work is still allowed: calls no rule matches run without a question.
  assert.equal(
    await permissionGate(effectful('fx__run', 'runsCommand'), rules, confirmer).execute(
      { command: 'git status' },
      context,
    ),
    'ran',
  );
  assert.equal(
    await permissionGate(effectful('fx__save', 'writesFile'), rules, confirmer).execute(
      { path: 'notes.md' },
      context,
    ),
    'ran',
  );
  // The workspace's own bash and edit are left to ask on their own (one question, not two).
  assert.equal(
    await permissionGate(effectful('bash', 'runsCommand'), rules, confirmer).execute(
      { command: 'git push' },
      context,
    ),
    'ran',
  );
  assert.equal(
    await permissionGate(effectful('edit', 'writesFile'), rules, confirmer).execute(
      { path: 'src/a.ts' },
      context,
    ),
    'ran',
  );
  assert.equal(questions.length, 2);
  assert.deepEqual(ran, [
    'fx__run {"command":"git status"}',
    'fx__save {"path":"notes.md"}',
    'bash {"command":"git push"}',
    'edit {"path":"src/a.ts"}',
  ]);
});
