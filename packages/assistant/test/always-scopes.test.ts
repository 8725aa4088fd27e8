// "Always" for the session, the project or all projects, without a terminal:
// the question offers the files the rule can be saved to (never for a call
// whose text hides something), a saved rule holds at once under its file's
// name and never beats a deny, a failed save holds for the session only; the
// prompt saves to a file only on Enter after p or u; /permissions remove takes
// a file's rule out of the file and the live rules, and re-numbers the list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type ConfirmAnswer,
  ConfirmPrompt,
  type ConfirmQuestion,
  InlineConfirmer,
  layeredRules,
  PermissionRules,
  permissionsReport,
  plainTheme,
  type RuleFiles,
  type SlashContext,
  slashCommands,
} from '../src/internal.ts';

const ROOT = '/work/project';
const PROJECT = '/work/project/.kodama/config.json';
const USER = '/home/me/.config/kodama/config.json';

/** Files kept in memory, as the CLI's writer would leave them (it is tested in packages/cli). */
function memoryFiles(fail?: string): RuleFiles & { held: Map<string, { decision: string; rule: string }[]> } {
  const held = new Map<string, { decision: string; rule: string }[]>();
  return {
    held,
    project: { path: PROJECT, label: '.kodama/config.json' },
    user: { path: USER, label: '~/.config/kodama/config.json' },
    async add(path, rule) {
      if (fail) throw new Error(fail);
      const list = held.get(path) ?? [];
      if (list.some((r) => r.decision === 'allow' && r.rule === rule)) return false;
      held.set(path, [...list, { decision: 'allow', rule }]);
      return true;
    },
    async remove(path, decision, rule) {
      const list = held.get(path) ?? [];
      const at = list.findIndex((r) => r.decision === decision && r.rule === rule);
      if (at < 0) return false;
      list.splice(at, 1);
      return true;
    },
  };
}

const bash = (detail: string, warnings: string[] = []) => ({ tool: 'bash', title: 'run', detail, warnings });

function confirmerWith(rules: PermissionRules, files: RuleFiles, answers: ConfirmAnswer[]) {
  const questions: ConfirmQuestion[] = [];
  const notices: string[] = [];
  const confirmer = new InlineConfirmer(
    async (q) => {
      questions.push(q);
      return answers.shift() ?? { kind: 'no' };
    },
    () => {},
    rules,
    () => {},
    { ruleFiles: files, onNotice: (text) => notices.push(text) },
  );
  return { confirmer, questions, notices };
}

test('always for the project: saved to its file, in effect at once under that name; the same call is not asked again', async () => {
  const files = memoryFiles();
  const rules = layeredRules([{ path: USER, permissions: {} }], ROOT);
  const { confirmer, questions, notices } = confirmerWith(rules, files, [
    { kind: 'always', scope: 'project' },
  ]);
  assert.equal(await confirmer.confirm(bash('npm test')), true);
  assert.deepEqual(questions[0]?.alwaysFiles?.project, files.project);
  assert.deepEqual(files.held.get(PROJECT), [{ decision: 'allow', rule: 'bash(npm test:*)' }]);
  assert.equal(files.held.get(USER), undefined);
  assert.deepEqual(rules.decide({ tool: 'bash', command: 'npm test -- --watch' }), {
    decision: 'allow',
    rule: 'bash(npm test:*)',
    source: PROJECT,
  });
  assert.equal(await confirmer.confirm(bash('npm test')), true);
  assert.equal(questions.length, 1, 'the second identical call was not asked');
  assert.match(
    notices[0] ?? '',
    /saved allow bash\(npm test:\*\) to \.kodama\/config\.json \(the next start asks you to trust the changed file/,
  );
  // A new session forgets the session's answers, not a file's.
  confirmer.reset();
  assert.equal(rules.decide({ tool: 'bash', command: 'npm test' })?.source, PROJECT);
});

test('a saved allow never beats a deny of any file; the question offers only what the rules would let the rule allow', async () => {
  const files = memoryFiles();
  const rules = layeredRules(
    [
      { path: PROJECT, permissions: {} },
      { path: USER, permissions: { deny: ['bash(rm:*)'] } },
    ],
    ROOT,
  );
  rules.allowFromFile(PROJECT, 'bash(rm -rf build)');
  assert.equal(rules.decide({ tool: 'bash', command: 'rm -rf build' })?.decision, 'deny');
  const { confirmer, questions } = confirmerWith(rules, files, [{ kind: 'always', scope: 'user' }]);
  assert.equal(await confirmer.confirm(bash('rm -rf build')), false, 'denied, never asked');
  assert.equal(questions.length, 0);
  assert.equal(files.held.size, 0);
});

test('a call whose text hides something is never saved to a file: no file is offered, and an answer naming one holds for the session', async () => {
  const files = memoryFiles();
  const rules = new PermissionRules([], ROOT);
  const { confirmer, questions } = confirmerWith(rules, files, [{ kind: 'always', scope: 'user' }]);
  assert.equal(await confirmer.confirm(bash('ls -la', ['a zero-width space'])), true);
  assert.equal(questions[0]?.allowAlways, true);
  assert.equal(questions[0]?.alwaysFiles, undefined);
  assert.equal(files.held.size, 0, 'nothing written');
  assert.equal(rules.decide({ tool: 'bash', command: 'ls -la' })?.source, 'this session');
});

test('a save that fails is said, and the rule holds for this session only', async () => {
  const files = memoryFiles('/home/me/.config/kodama/config.json is not valid JSON');
  const rules = new PermissionRules([], ROOT);
  const { confirmer, notices } = confirmerWith(rules, files, [{ kind: 'always', scope: 'user' }]);
  assert.equal(await confirmer.confirm(bash('make build')), true);
  assert.match(
    notices[0] ?? '',
    /could not save bash\(make build:\*\) to ~\/.config\/kodama\/config\.json: .*not valid JSON; allowed for this session only/,
  );
  assert.equal(rules.decide({ tool: 'bash', command: 'make build' })?.source, 'this session');
});

test('the prompt: a answers for the session at once; p or u then Enter saves to that file; any other key goes back', () => {
  const question: ConfirmQuestion = {
    request: bash('npm test'),
    allowAlways: true,
    alwaysFiles: {
      user: { path: USER, label: '~/.config/kodama/config.json' },
      projectWhyNot: 'not trusted',
    },
  };
  const answers: ConfirmAnswer[] = [];
  const prompt = () => new ConfirmPrompt(question, plainTheme, (a) => answers.push(a));
  const shown = (p: ConfirmPrompt) => p.render(200).join('\n');
  const first = prompt();
  assert.match(shown(first), /y yes · n no · a always allow bash\(npm test:\*\) this session/);
  assert.match(
    shown(first),
    /no p: not trusted · u always in all projects \(~\/\.config\/kodama\/config\.json\)/,
  );
  first.handleKey('p'); // not offered: ignored
  first.handleKey('u');
  assert.equal(answers.length, 0);
  assert.ok(first.confirmingSave);
  assert.match(
    shown(first),
    /always allow bash\(npm test:\*\) in all your projects: saved to ~\/.config\/kodama\/config\.json · Enter save/,
  );
  first.handleKey('x'); // a stray key: back to the question, nothing saved
  assert.equal(answers.length, 0);
  assert.match(shown(first), /y yes · n no/);
  first.handleKey('u');
  first.handleKey('\r');
  assert.deepEqual(answers, [{ kind: 'always', scope: 'user' }]);
  prompt().handleKey('a');
  assert.deepEqual(answers.at(-1), { kind: 'always' });
  // A question with no files (the taint gate, a print run) offers neither key.
  const bare = new ConfirmPrompt({ request: bash('npm test'), allowAlways: false }, plainTheme, (a) =>
    answers.push(a),
  );
  bare.handleKey('u');
  bare.handleKey('\r');
  assert.equal(answers.length, 2);
  assert.doesNotMatch(bare.render(200).join('\n'), /always/);
});

test('/permissions remove <n>: a file rule leaves the file and the live rules; the list re-numbers; a session rule is forgotten', async () => {
  const files = memoryFiles();
  files.held.set(PROJECT, [{ decision: 'allow', rule: 'bash(npm test:*)' }]);
  const rules = layeredRules(
    [
      { path: PROJECT, permissions: { allow: ['bash(npm test:*)'] } },
      { path: '/etc/other.json', permissions: { deny: ['bash(rm:*)'] } },
    ],
    ROOT,
  );
  rules.allowForSession('bash(ls:*)');
  const { confirmer } = confirmerWith(rules, files, []);
  const said: string[] = [];
  const ctx = {
    app: { confirmer, busy: false },
    say: (text: string) => said.push(text),
  } as unknown as SlashContext;
  assert.match(
    permissionsReport(rules, files),
    /1 {2}deny {3}bash\(rm:\*\) .*other\.json\n *2 {2}allow {2}bash\(npm test:\*\) +\/work\/project\/\.kodama\/config\.json\n *3 {2}allow {2}bash\(ls:\*\) +this session/,
  );
  await slashCommands.run('/permissions remove 1', ctx);
  assert.match(
    said.at(-1) ?? '',
    /comes from \/etc\/other\.json; change it in that file/,
    'only the two config files are edited',
  );
  await slashCommands.run('/permissions remove 2', ctx);
  assert.match(said.at(-2) ?? '', /removed allow bash\(npm test:\*\) from \.kodama\/config\.json/);
  assert.match(said.at(-1) ?? '', /2 {2}allow {2}bash\(ls:\*\) +this session/, 'the list re-numbered');
  assert.deepEqual(files.held.get(PROJECT), []);
  assert.equal(rules.decide({ tool: 'bash', command: 'npm test' }), undefined, 'it asks again');
  await slashCommands.run('/permissions remove 2', ctx);
  assert.match(said.at(-2) ?? '', /forgot allow bash\(ls:\*\) for this session/);
  await slashCommands.run('/permissions remove 2x', ctx);
  assert.match(said.at(-1) ?? '', /usage: /);
});

test('the rule the prompt shows is the rule saved: judged from the project root, not the directory kodama was started in', async () => {
  // ROOT is not process.cwd(): `kodama --root` (or a worktree) asks about files of another folder.
  assert.notEqual(process.cwd(), ROOT);
  const files = memoryFiles();
  const rules = new PermissionRules([], ROOT);
  const shown: string[] = [];
  const confirmer = new InlineConfirmer(
    async (question) => {
      const prompt = new ConfirmPrompt(question, plainTheme, () => {});
      prompt.handleKey('u');
      shown.push(prompt.render(300).join('\n'));
      return { kind: 'always', scope: 'user' };
    },
    () => {},
    rules,
    () => {},
    { ruleFiles: files },
  );
  const request = {
    tool: 'edit',
    effect: 'writesFile' as const,
    title: 'edit src/a.ts',
    detail: '',
    path: `${ROOT}/src/a.ts`,
    warnings: [],
  };
  assert.equal(await confirmer.confirm(request), true);
  const saved = files.held.get(USER)?.[0]?.rule;
  assert.equal(saved, 'edit(src/a.ts)');
  assert.match(shown[0] ?? '', /always allow edit\(src\/a\.ts\) in all your projects/);
  // Ordinary: a bash rule reads the same either way.
  assert.equal(await confirmer.confirm(bash('npm run lint')), true);
  assert.match(shown[1] ?? '', /always allow bash\(npm run lint:\*\) in all your projects/);
  assert.equal(files.held.get(USER)?.[1]?.rule, 'bash(npm run lint:*)');
});
