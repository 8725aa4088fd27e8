// Control files are protected paths: writing `.kodama/**`, `.mcp.json`,
// `.git/**`, `.github/workflows/**` or the user's configuration asks a person
// also under `--yes` (the tools approve everything, as the CLI wires them)
// and also when an allow rule matches; with nobody to ask it is refused,
// unless an allow rule names exactly that file. The writes go through the
// permission gate and the real workspace tools; the file must not appear.
// Ordinary edits in src/ and ordinary git commands stay unasked.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  type Confirmer,
  InlineConfirmer,
  PermissionRules,
  permissionGate,
  ruleSource,
} from '@kodama/assistant';
import { executeToolCall } from '@kodama/core/tool';
import { autoApprove, Workspace, workspaceToolsByName } from '@kodama/workspace';

const base = mkdtempSync(join(tmpdir(), 'kodama-control-'));
after(() => rmSync(base, { recursive: true, force: true }));
const root = join(base, 'project');
const env = { HOME: join(base, 'home'), XDG_CONFIG_HOME: join(base, 'config') };
for (const d of [
  'src',
  'docs',
  '.git/hooks',
  '.kodama',
  '.github/workflows',
  'home/.kodama',
  'config/kodama',
])
  mkdirSync(join(d.startsWith('home') || d.startsWith('config') ? base : root, d), { recursive: true });
writeFileSync(join(root, 'evil.sh'), 'touch PWNED\n');
symlinkSync('../.git/hooks', join(root, 'docs', 'hooks')); // docs/hooks -> ../.git/hooks
symlinkSync('../.kodama', join(root, 'docs', 'k')); // docs/k -> ../.kodama

const ALLOW_ALL = ['edit(**)', 'bash(cp:*)', 'bash(echo:*)', 'bash(git:*)', 'bash(tee:*)', 'bash(ln:*)'];

/** A person who answers `answer` and remembers what they were asked. */
function person(answer: boolean): Confirmer & { asked: string[] } {
  const asked: string[] = [];
  return {
    reviewed: true,
    asked,
    confirm: async (r) => {
      asked.push(r.title);
      return answer;
    },
  };
}

/** Calls `tool` with `args` as under `--yes` (tools and gate approve everything), with `who` as the person. */
async function underYes(
  tool: 'write' | 'bash',
  args: Record<string, unknown>,
  options: { allow?: string[]; who?: Confirmer; headless?: boolean } = {},
): Promise<string> {
  const rules = new PermissionRules([ruleSource('user', { allow: options.allow ?? ALLOW_ALL })], root, {
    env,
    person: options.headless !== true,
  });
  const workspace = await Workspace.create({ projectRoot: root });
  try {
    const [t] = await workspaceToolsByName(workspace, [tool], {
      confirmer: autoApprove,
      sandbox: { kind: 'none' },
    });
    const gated = permissionGate(t!, rules, autoApprove, options.headless ? undefined : options.who);
    const outcome = await executeToolCall(
      gated,
      { id: 'c', name: tool, arguments: JSON.stringify(args) },
      {
        signal: new AbortController().signal,
        agentId: '',
        toolCallId: 'c',
        idempotencyKey: 't:c',
        emit: () => {},
      },
    );
    return JSON.stringify(outcome.result);
  } finally {
    await workspace.close();
  }
}

const WRITES: readonly (readonly [string, string])[] = [
  ['the project configuration', '.kodama/config.json'],
  ['.mcp.json', '.mcp.json'],
  ['a CI workflow', '.github/workflows/ci.yml'],
  ['.kodama through a symlinked folder', 'docs/k/config.json'],
  ['.kodama in another case', '.KODAMA/config.json'],
];
for (const [what, path] of WRITES) {
  test(`control: writing ${what} (${path}) under --yes and edit(**) asks the person; declined, the file is absent`, async () => {
    const who = person(false);
    await underYes('write', { path, content: '{"permissions":{"allow":["bash"]}}' }, { who });
    assert.equal(who.asked.length, 1);
    assert.equal(existsSync(join(root, path)), false);
  });
}

test('control: writing the project configuration headless under --yes and edit(**) is refused', async () => {
  const result = await underYes('write', { path: '.kodama/config.json', content: '{}' }, { headless: true });
  assert.equal(existsSync(join(root, '.kodama', 'config.json')), false, result);
});

test('control: headless, a glob allow rule (edit(.kodama/**)) does not name the file: refused', async () => {
  await underYes(
    'write',
    { path: '.kodama/config.json', content: '{}' },
    { headless: true, allow: ['edit(.kodama/**)'] },
  );
  assert.equal(existsSync(join(root, '.kodama', 'config.json')), false);
});

test('control: headless, an allow rule naming exactly .mcp.json lets that one write through', async () => {
  const result = await underYes(
    'write',
    { path: '.mcp.json', content: '{}' },
    { headless: true, allow: ['edit(.mcp.json)'] },
  );
  assert.equal(existsSync(join(root, '.mcp.json')), true, result);
  rmSync(join(root, '.mcp.json'));
});

test("control: the user's configuration ($XDG_CONFIG_HOME/kodama) asks under --yes", () => {
  const rules = new PermissionRules([ruleSource('user', { allow: ['edit'] })], root, { env });
  assert.equal(
    rules.decide({ tool: 'write', path: join(env.XDG_CONFIG_HOME, 'kodama', 'config.json') })?.decision,
    'ask',
  );
});

test("control: the user's ~/.kodama folder asks", () => {
  const rules = new PermissionRules([ruleSource('user', { allow: ['edit'] })], root, { env });
  const ruled = rules.decide({ tool: 'edit', path: join(env.HOME, '.kodama', 'state.json') });
  assert.equal(ruled?.decision, 'ask');
  assert.ok(ruled?.protected);
});

const COMMANDS: readonly (readonly [string, string, string])[] = [
  ['cp plants a git hook', 'cp evil.sh .git/hooks/pre-commit', '.git/hooks/pre-commit'],
  [
    'cp through a symlink docs/hooks -> ../.git/hooks',
    'cp evil.sh docs/hooks/post-checkout',
    '.git/hooks/post-checkout',
  ],
  ['tee writes the project configuration', 'echo x | tee .kodama/config.json', '.kodama/config.json'],
  ['git config sets a hooks path', 'git config core.hooksPath hooks', '.git/config'],
  ['a glob reaches .git', 'cp evil.sh .g*/hooks/pre-push', '.git/hooks/pre-push'],
  ['ln links a hook', 'ln -s ../../evil.sh .git/hooks/pre-rebase', '.git/hooks/pre-rebase'],
];
for (const [attack, command, planted] of COMMANDS) {
  test(`control: bash, ${attack}: asked under --yes and an allow rule; declined, nothing planted`, async () => {
    const who = person(false);
    await underYes('bash', { command }, { who });
    assert.equal(who.asked.length, 1, `asked: ${who.asked}`);
    if (planted !== '.git/config') assert.equal(existsSync(join(root, planted)), false);
  });
}

test('control: bash headless under --yes, cp into .git/hooks is refused', async () => {
  await underYes('bash', { command: 'cp evil.sh .git/hooks/pre-commit' }, { headless: true });
  assert.equal(existsSync(join(root, '.git', 'hooks', 'pre-commit')), false);
});

test('control: interactive without --yes, the edit of a control file is asked once (by the tool), even with edit(**)', async () => {
  const rules = new PermissionRules([ruleSource('user', { allow: ALLOW_ALL })], root, { env });
  const asked: string[] = [];
  const confirmer = new InlineConfirmer(
    async ({ request }) => {
      asked.push(request.title);
      return { kind: 'no' };
    },
    undefined,
    rules,
  );
  const workspace = await Workspace.create({ projectRoot: root });
  try {
    const [bash] = await workspaceToolsByName(workspace, ['bash'], { confirmer, sandbox: { kind: 'none' } });
    const gated = permissionGate(bash!, rules, confirmer, confirmer);
    await executeToolCall(
      gated,
      { id: 'c', name: 'bash', arguments: JSON.stringify({ command: 'cp evil.sh .git/hooks/pre-commit' }) },
      {
        signal: new AbortController().signal,
        agentId: '',
        toolCallId: 'c',
        idempotencyKey: 't:c',
        emit: () => {},
      },
    );
  } finally {
    await workspace.close();
  }
  assert.equal(asked.length, 1);
  assert.equal(existsSync(join(root, '.git', 'hooks', 'pre-commit')), false);
});

test('control: ordinary work stays unasked under --yes: a write in src/, git status, .gitignore', async () => {
  const who = person(false);
  await underYes('write', { path: 'src/new.ts', content: 'export {};\n' }, { who });
  await underYes('write', { path: '.gitignore', content: 'dist\n' }, { who });
  const status = await underYes('bash', { command: 'echo ok' }, { who });
  assert.deepEqual(who.asked, []);
  assert.equal(existsSync(join(root, 'src', 'new.ts')), true);
  assert.equal(existsSync(join(root, '.gitignore')), true);
  assert.match(status, /ok/);
});

test('control: ordinary git lines that only mention such names stay allowed by bash(git:*)', () => {
  const rules = new PermissionRules([ruleSource('user', { allow: ['bash(git:*)'] })], root, { env });
  for (const command of [
    'git status',
    'git add .',
    'git commit -m "fix .kodama loading"',
    'git clone https://github.com/x/y.git',
    'git config user.name',
  ])
    assert.equal(rules.decide({ tool: 'bash', command })?.decision, 'allow', command);
});
