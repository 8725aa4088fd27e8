// Seed 003 (pikuri's PathActivationListener), behaviour by behaviour, end to end: real files, the real
// read/write/edit/grep/glob tools, and the promotions asserted on the requests the testkit server received.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { defineTool, NONE, params } from '@kodama/core';
import { alwaysDecline } from '@kodama/workspace';
import { gatedProject } from './helpers/project.ts';
import { call, promotedIn, promotionsIn, sentMessages, skillsAgent } from './helpers/skills-agent.ts';

describe('which tool calls fire', () => {
  test('read, write and edit fire; grep and glob (whose path is a search root) do not', async () => {
    const project = gatedProject();
    const { agent, server } = await skillsAgent(
      [
        {
          toolCalls: [
            { name: 'grep', arguments: { pattern: 'table', path: 'src/db' } },
            { name: 'glob', arguments: { pattern: '**/*.sql', path: 'src/db/001_init.sql' } },
          ],
        },
        call('read', { path: 'src/db/001_init.sql' }),
        { text: 'done' },
      ],
      project,
    );
    await agent.turn('look at the database');
    assert.deepEqual(promotionsIn(server, 1), [], 'grep and glob promoted something');
    assert.deepEqual(promotedIn(server, 2), [['db-style', 'sql-migrations']]);
  });

  for (const [tool, args] of [
    ['write', { path: 'src/db/002_new.sql', content: 'select 2;\n' }],
    ['edit', { path: 'src/db/001_init.sql', old_string: 'int', new_string: 'bigint' }],
  ] as const) {
    test(`${tool} fires`, async () => {
      const project = gatedProject();
      const { agent, server } = await skillsAgent([call(tool, args), { text: 'done' }], project);
      await agent.turn('change the database');
      assert.deepEqual(promotedIn(server, 1), [['db-style', 'sql-migrations']]);
      assert.match(JSON.stringify(sentMessages(server, 1)), /"role":"tool"/);
    });
  }

  test('a path matching no gate promotes nothing; malformed arguments are left to the tool', async () => {
    const project = gatedProject();
    const { agent, server } = await skillsAgent(
      [
        { toolCalls: [{ name: 'read', arguments: '{"path": "src/db/001_init.sql"' }] },
        call('read', { path: 'src/app.ts' }),
        { text: 'done' },
      ],
      project,
    );
    await agent.turn('go');
    assert.deepEqual(promotionsIn(server, 1), []);
    assert.deepEqual(promotionsIn(server, 2), []);
  });
});

describe('judged by declared effects, never by name', () => {
  /** A tool of another name that reads `path`: declaring it, or declaring no effects at all. */
  const other = (name: string, declares: boolean) => {
    const tool = {
      name,
      description: `${name}: reads a file`,
      parameters: params().requiredString('path', 'the file'),
      trifectaLegs: NONE,
      execute: () => 'ok',
    };
    return declares
      ? defineTool({
          ...tool,
          effects: { kinds: ['readsPath'], of: ({ path }) => [{ kind: 'readsPath', path }] },
        })
      : defineTool(tool);
  };

  test('a tool of any name whose call declares a file read fires; one that declares nothing does not', async () => {
    const project = gatedProject();
    const { agent, server } = await skillsAgent(
      [
        call('peek', { path: 'src/db/001_init.sql' }),
        call('open_file', { path: 'src/db/001_init.sql' }),
        { text: 'done' },
      ],
      {
        ...project,
        configure: (c) => {
          c.addTool(other('peek', false));
          c.addTool(other('open_file', true));
        },
      },
    );
    await agent.turn('go');
    assert.deepEqual(promotionsIn(server, 1), [], 'a tool without effects promoted something');
    assert.deepEqual(promotedIn(server, 2), [['db-style', 'sql-migrations']]);
  });

  test('arguments the tool would refuse promote nothing', async () => {
    const project = gatedProject();
    const { agent, server } = await skillsAgent([call('read', { path: 42 }), { text: 'done' }], project);
    await agent.turn('go');
    assert.deepEqual(promotionsIn(server, 1), []);
  });
});

describe('lexical resolution against the root', () => {
  test('a ../ that stays inside the root fires; an absolute path inside fires', async () => {
    const project = gatedProject();
    const { agent, server } = await skillsAgent(
      [
        call('read', { path: 'src/app/../db/notes.md' }),
        call('read', { path: join(project.root, 'src/db/001_init.sql') }),
        { text: 'done' },
      ],
      project,
    );
    await agent.turn('go');
    assert.deepEqual(promotedIn(server, 1), [['db-style']]);
    assert.match(promotionsIn(server, 1)[0]!, /^<skills-activated path="src\/db\/notes\.md" /);
    assert.deepEqual(promotedIn(server, 2), [['db-style'], ['sql-migrations']]);
  });

  test('a ../ that leaves the root does not fire, even where the rest of the path would match', async () => {
    const project = gatedProject();
    const { agent, server } = await skillsAgent(
      [call('read', { path: '../outside/src/db/x.sql' }), { text: 'done' }],
      project,
    );
    await agent.turn('go');
    assert.deepEqual(promotionsIn(server, 1), []);
  });

  test('a symlink is not followed: the path as written is matched', async () => {
    const project = gatedProject();
    symlinkSync(join(project.root, 'src/db'), join(project.root, 'dblink'));
    mkdirSync(join(project.root, 'src/db/linked'));
    symlinkSync(join(project.root, 'src/app.ts'), join(project.root, 'src/db/linked/app.ts'));
    const { agent, server } = await skillsAgent(
      [
        call('read', { path: 'dblink/001_init.sql' }),
        call('read', { path: 'src/db/linked/app.ts' }),
        { text: 'done' },
      ],
      project,
    );
    await agent.turn('go');
    assert.deepEqual(promotionsIn(server, 1), [], 'dblink/ resolves into src/db only through the link');
    assert.deepEqual(promotedIn(server, 2), [['db-style']], 'matched as src/db/linked/app.ts');
  });
});

describe('matching at the call, before the tool runs', () => {
  test('a read of a missing file still promotes', async () => {
    const project = gatedProject();
    const { agent, server, events } = await skillsAgent(
      [call('read', { path: 'src/db/999_missing.sql' }), { text: 'done' }],
      project,
    );
    await agent.turn('go');
    assert.match(String(events.ofType('tool-result')[0]?.content), /^Error: /);
    assert.deepEqual(promotedIn(server, 1), [['db-style', 'sql-migrations']]);
  });

  test('a write the human declines still promotes', async () => {
    const project = gatedProject();
    const { agent, server, events } = await skillsAgent(
      [call('write', { path: 'src/db/001_init.sql', content: 'drop table t;\n' }), { text: 'ok' }],
      { ...project, confirmer: alwaysDecline },
    );
    await agent.turn('go');
    assert.match(String(events.ofType('tool-result')[0]?.content), /declined/);
    assert.equal(
      readFileSync(join(project.root, 'src/db/001_init.sql'), 'utf8'),
      'create table t (id int);\n',
    );
    assert.deepEqual(promotedIn(server, 1), [['db-style', 'sql-migrations']]);
  });
});

describe('nothing fires twice', () => {
  test('a skill already active is not promoted again; only the new ones are announced', async () => {
    const project = gatedProject();
    const { agent, server, extension } = await skillsAgent(
      [
        call('read', { path: 'src/db/notes.md' }),
        call('read', { path: 'src/db/notes.md' }),
        call('edit', { path: 'src/db/001_init.sql', old_string: 'int', new_string: 'bigint' }),
        call('read', { path: 'src/db/001_init.sql' }),
        { text: 'done' },
        call('read', { path: 'src/db/001_init.sql' }),
        { text: 'again' },
      ],
      project,
    );
    await agent.turn('go');
    assert.deepEqual(promotedIn(server, 1), [['db-style']]);
    assert.deepEqual(promotionsIn(server, 2), [promotionsIn(server, 1)[0]], 'only the earlier one, once');
    assert.deepEqual(promotedIn(server, 3), [['db-style'], ['sql-migrations']]);
    assert.deepEqual(promotedIn(server, 4), [['db-style'], ['sql-migrations']]);
    await agent.turn('and again');
    assert.deepEqual(promotedIn(server, 6), [['db-style'], ['sql-migrations']]);
    assert.deepEqual(extension.activeSkills, ['db-style', 'sql-migrations']);
  });

  test('two calls in one batch touching the same skill announce it once', async () => {
    const project = gatedProject();
    const { agent, server } = await skillsAgent(
      [
        {
          toolCalls: [
            { name: 'read', arguments: { path: 'src/db/001_init.sql' } },
            { name: 'read', arguments: { path: 'src/db/notes.md' } },
          ],
        },
        { text: 'done' },
      ],
      project,
    );
    await agent.turn('go');
    assert.deepEqual(promotedIn(server, 1), [['db-style', 'sql-migrations']]);
  });
});

describe('the promotion lands in the same turn', () => {
  test('it reaches the very next model request after the batch, right after the tool results', async () => {
    const project = gatedProject();
    const { agent, server, events } = await skillsAgent(
      [
        {
          toolCalls: [
            { id: 'c1', name: 'read', arguments: { path: 'src/db/001_init.sql' } },
            { id: 'c2', name: 'read', arguments: { path: 'src/app.ts' } },
          ],
        },
        { text: 'done' },
      ],
      project,
    );
    await agent.turn('migrate the table');
    assert.equal(server.modelCalls.length, 2, 'no extra round trip');
    assert.deepEqual(promotionsIn(server, 0), []);
    const second = sentMessages(server, 1);
    assert.deepEqual(
      second.map((m) => m.role),
      ['system', 'user', 'assistant', 'tool', 'tool', 'user'],
    );
    assert.deepEqual(
      second.slice(3, 5).map((m) => m.tool_call_id),
      ['c1', 'c2'],
    );
    assert.equal(
      second.at(-1)?.content,
      [
        '<skills-activated path="src/db/001_init.sql" skills="db-style,sql-migrations">',
        'You are working on src/db/001_init.sql; these skills cover it. Before going on, load each one whose ' +
          'description fits with the skill tool (name="<skill>") and follow it:',
        '- db-style: House style for the db folder.',
        '- sql-migrations: Writing SQL migrations.',
        '</skills-activated>',
      ].join('\n'),
    );
    const midLoop = events.ofType('user-turn').filter((e) => e.midLoop);
    assert.equal(midLoop.length, 1);
    assert.equal(agent.exportHistory().messages.at(-2)?.kind, 'injected');
  });

  test('a promoted skill is then listed by the skill tool', async () => {
    const project = gatedProject();
    const { agent, server, events } = await skillsAgent(
      [
        call('skill', { name: 'sql-migrations' }),
        call('read', { path: 'src/db/001_init.sql' }),
        call('skill', { name: 'sql-migrations' }),
        { text: 'done' },
      ],
      project,
    );
    await agent.turn('go');
    const results = events.ofType('tool-result').map((e) => String(e.content));
    assert.equal(results[0], 'Error: unknown skill "sql-migrations". Available skills: always');
    assert.match(
      results[2]!,
      /^<skill name="sql-migrations">\n[\s\S]*Number migrations from 001\.\n<\/skill>$/,
    );
    assert.equal(server.modelCalls.length, 4);
  });
});
