// Skills and tasks from the command line: kodama skills list/show, the catalog kodama ask loads (and
// --no-skills), --tools skill,tasks, a home skill's sidecar read, and activation and the task list
// carried through --session across processes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function put(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A project root and a home with skills, and an environment whose HOME and data home are in the temp folder. */
function fixture(): { root: string; home: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-cli-skills-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  const home = join(dir, 'home');
  put(
    join(root, '.claude/skills/sql-migrations/SKILL.md'),
    '---\nname: sql-migrations\ndescription: Writing SQL migrations.\npaths: ["src/db/**/*.sql"]\n---\nNumber them from 001.\n',
  );
  put(join(root, '.claude/skills/broken/SKILL.md'), '---\nname: broken\n---\nno description\n');
  put(
    join(home, '.agents/skills/notes/SKILL.md'),
    '---\nname: notes\ndescription: Keep notes.\nlicense: MIT\n---\nSee reference.md.\n',
  );
  put(join(home, '.agents/skills/notes/reference.md'), 'Notes go in NOTES.md.\n');
  put(join(root, 'src/db/001_init.sql'), 'create table t (id int);\n');
  return { root, home, env: isolatedEnv({ HOME: home, XDG_DATA_HOME: join(dir, 'data') }) };
}

const ESC = String.fromCharCode(27);

describe('kodama skills', () => {
  test('list: a table of name, source, paths gate or "always", errors, warnings; then the problems', async () => {
    const { root, env } = fixture();
    const listed = await runKodama(['skills', 'list', '--root', root], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(
      listed.stdout,
      [
        'NAME            SOURCE            PATHS            ERRORS  WARNINGS',
        'sql-migrations  .claude/skills    src/db/**/*.sql',
        'notes           ~/.agents/skills  always',
        '',
        'Problems:',
        '  .claude/skills/broken/SKILL.md: error: no description in the frontmatter; skipped: add "description:" saying what the skill does and when to use it',
        '',
      ].join('\n'),
    );
    assert.ok(!listed.stdout.includes(ESC), 'no colour codes when stdout is not a terminal');
    assert.equal(
      (await runKodama(['skills', '--root', root], env)).stdout,
      listed.stdout,
      'list is the default',
    );
  });

  test('list with no skills says where they would be', async () => {
    const { env, home } = fixture();
    const [empty, emptyHome] = [join(home, 'empty'), join(home, 'empty-home')];
    mkdirSync(empty);
    mkdirSync(emptyHome);
    const listed = await runKodama(['skills', 'list', '--root', empty], { ...env, HOME: emptyHome });
    assert.equal(listed.code, 0);
    assert.equal(
      listed.stdout,
      'no skills in . or ~: a skill is a folder with a SKILL.md under .kodama/skills, .claude/skills or .agents/skills\n',
    );
    const same = await runKodama(['skills', 'list', '--root', empty], { ...env, HOME: empty });
    assert.match(same.stdout, /^no skills in \.: /);
  });

  test('show: the frontmatter, where it lives, and the body; an unknown name fails', async () => {
    const { root, home, env } = fixture();
    const shown = await runKodama(['skills', 'show', 'notes', '--root', root], env);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(
      shown.stdout,
      [
        'name: notes',
        'description: Keep notes.',
        `location: ${join(home, '.agents/skills/notes/SKILL.md')}`,
        'source: ~/.agents/skills',
        'paths: always',
        'license: "MIT"',
        '',
        'See reference.md.',
        '',
      ].join('\n'),
    );
    const missing = await runKodama(['skills', 'show', 'nope', '--root', root], env);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, 'kodama: no skill "nope"; kodama skills list shows the ones there are\n');
  });

  test('--help, help skills, and bad lines', async () => {
    const { env } = fixture();
    const help = await runKodama(['skills', '--help'], env);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: kodama skills \[list\] \[--root <dir>\]/);
    assert.equal((await runKodama(['help', 'skills'], env)).stdout, help.stdout);
    const bad = await runKodama(['skills', 'remove', 'x'], env);
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /unknown skills action "remove": use list, show <name> or validate \[<dir>\.\.\.\]/,
    );
    assert.match((await runKodama(['skills', 'show'], env)).stderr, /needs a skill name/);
    assert.match((await runKodama(['--help'], env)).stdout, /kodama skills \[list\]/);
    assert.match((await runKodama(['ask', '--help'], env)).stdout, /--no-skills/);
  });
});

describe('kodama ask with skills and tasks', () => {
  test('the catalog from --root and home reaches the prompt; --no-skills leaves it out; warnings on stderr', async () => {
    const { root, env } = fixture();
    const server = await serve([{ text: 'hi' }, { text: 'hi' }]);
    const model = ['--model', `openai-compatible:${server.url}/v1`, '--root', root];
    const on = await runKodama(['ask', ...model, 'hello'], env);
    assert.equal(on.code, 0, on.stderr);
    assert.match(
      on.stderr,
      /kodama: skill error: .*broken\/SKILL\.md: no description in the frontmatter; skipped: add "description:"/,
    );
    const off = await runKodama(['ask', ...model, '--no-skills', 'hello'], env);
    assert.equal(off.code, 0, off.stderr);
    assert.equal(off.stderr, '');
    const system = (i: number) =>
      (server.modelCalls[i]!.body as { messages: { content: string }[] }).messages[0]!.content;
    const tools = (i: number) =>
      (server.modelCalls[i]!.body as { tools?: { function: { name: string } }[] }).tools?.map(
        (t) => t.function.name,
      );
    assert.match(system(0), /<available_skills>\n<skill>\n<name>notes<\/name>/);
    assert.ok(!system(0).includes('sql-migrations'), 'a gated skill is not listed up front');
    assert.deepEqual(tools(0), ['calculator', 'skill']);
    assert.ok(!system(1).includes('available_skills'));
    assert.deepEqual(tools(1), ['calculator']);
  });

  test('--tools accepts skill and tasks; skill with --no-skills, or an unknown name, is a usage error', async () => {
    const { root, env } = fixture();
    const server = await serve([{ text: 'ok' }]);
    const model = ['--model', `openai-compatible:${server.url}/v1`, '--root', root];
    const ran = await runKodama(['ask', ...model, '--tools', 'read,skill,tasks', 'plan'], env);
    assert.equal(ran.code, 0, ran.stderr);
    const body = server.modelCalls[0]!.body as {
      tools: { function: { name: string } }[];
      messages: { content: string }[];
    };
    assert.deepEqual(
      body.tools.map((t) => t.function.name),
      ['read', 'skill', 'task_create', 'task_in_progress', 'task_completed', 'task_delete'],
    );
    assert.match(body.messages[0]!.content, /<tasks_usage>/);
    const clash = await runKodama(['ask', ...model, '--tools', 'skill', '--no-skills', 'x'], env);
    assert.equal(clash.code, 2);
    assert.match(clash.stderr, /--tools skill needs skills: drop --no-skills/);
    const unknown = await runKodama(['ask', ...model, '--tools', 'taks', 'x'], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown tool "taks"\. Available tools: .*, skill, tasks/);
  });

  test("a home skill's sidecar file can be read with the read tool", async () => {
    const { root, home, env } = fixture();
    const server = await serve([
      { toolCalls: [{ name: 'read', arguments: { path: join(home, '.agents/skills/notes/reference.md') } }] },
      { text: 'read it' },
    ]);
    const ran = await runKodama(
      ['ask', '--model', `openai-compatible:${server.url}/v1`, '--root', root, '--tools', 'read', 'notes?'],
      env,
    );
    assert.equal(ran.code, 0, ran.stderr);
    const sent = server.modelCalls[1]!.body as { messages: { role: string; content: string }[] };
    assert.match(sent.messages.find((m) => m.role === 'tool')!.content, /Notes go in NOTES\.md\./);
  });

  test('--session carries promoted skills and the task list into the next process', async () => {
    const { root, env } = fixture();
    const server = await serve([
      {
        toolCalls: [
          { name: 'read', arguments: { path: 'src/db/001_init.sql' } },
          { name: 'task_create', arguments: { items: ['Write 002', 'Test it'] } },
        ],
      },
      { toolCalls: [{ name: 'task_delete', arguments: { id: 2 } }] },
      { text: 'planned' },
      {
        toolCalls: [
          { name: 'read', arguments: { path: 'src/db/001_init.sql' } },
          { name: 'task_create', arguments: { items: ['Test 002'] } },
        ],
      },
      { text: 'added' },
    ]);
    const base = [
      'ask',
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--root',
      root,
      '--tools',
      'read,tasks',
    ];
    const first = await runKodama([...base, '--session', 'db', 'plan the migration'], env);
    assert.equal(first.code, 0, first.stderr);
    const second = await runKodama([...base, '--continue', 'add a test'], env);
    assert.equal(second.code, 0, second.stderr);
    const messages = (i: number) =>
      (server.modelCalls[i]!.body as { messages: { role: string; content: string }[] }).messages;
    const promotions = (i: number) =>
      messages(i).filter((m) => m.role === 'user' && m.content.startsWith('<skills-activated'));
    assert.equal(promotions(1).length, 1, 'promoted in the first process, in the same turn');
    assert.equal(promotions(4).length, 1, 'still promoted after --continue, and not promoted again');
    const last = messages(4)
      .filter((m) => m.role === 'tool')
      .at(-1)!.content;
    assert.equal(
      last,
      '<tasks>\n- [pending] #1 Write 002\n- [pending] #3 Test 002\n</tasks>',
      'id 2 is not reused',
    );
  });
});
