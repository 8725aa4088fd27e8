// Activation state is derived from the conversation: it survives export/load (through JSON) and session
// continuation, and a clear resets it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { History } from '@kodama/core';
import { InMemorySessionStore } from '@kodama/core/session';
import { Activation, promotedInHistory, promotionMessage } from '../src/index.ts';
import { gatedProject } from './helpers/project.ts';
import { call, promotedIn, promotionsIn, skillsAgent } from './helpers/skills-agent.ts';

describe('activation state and the conversation', () => {
  test('a promoted skill stays promoted after export and load (through JSON) into a new agent', async () => {
    const project = gatedProject();
    const first = await skillsAgent([call('read', { path: 'src/db/notes.md' }), { text: 'done' }], project);
    await first.agent.turn('go');
    assert.deepEqual(first.extension.activeSkills, ['db-style']);
    const saved = History.parse(first.agent.exportHistory().serialize());

    const second = await skillsAgent(
      [call('read', { path: 'src/db/001_init.sql' }), call('skill', { name: 'db-style' }), { text: 'done' }],
      project,
    );
    second.agent.loadHistory(saved);
    assert.deepEqual(second.extension.activeSkills, ['db-style']);
    await second.agent.turn('more');
    assert.deepEqual(promotedIn(second.server, 1), [['db-style'], ['sql-migrations']], 'db-style not again');
    assert.match(String(second.events.ofType('tool-result')[1]?.content), /^<skill name="db-style">/);
  });

  test('clearing the conversation resets activation: the same file promotes again', async () => {
    const project = gatedProject();
    const { agent, server, extension } = await skillsAgent(
      [
        call('read', { path: 'src/db/notes.md' }),
        { text: 'done' },
        call('read', { path: 'src/db/notes.md' }),
        { text: 'done again' },
      ],
      project,
    );
    await agent.turn('go');
    agent.clearConversation();
    assert.deepEqual(extension.activeSkills, []);
    await agent.turn('go again');
    assert.deepEqual(promotedIn(server, 3), [['db-style']]);
  });

  test('a load replaces the state: a history without promotions leaves none active', async () => {
    const project = gatedProject();
    const { agent, extension } = await skillsAgent(
      [call('read', { path: 'src/db/notes.md' }), { text: 'done' }],
      project,
    );
    await agent.turn('go');
    agent.loadHistory(new History([]));
    assert.deepEqual(extension.activeSkills, []);
  });

  test('a continued session keeps its promotions (a new agent per Run, as the CLI does)', async () => {
    const project = gatedProject();
    const store = new InMemorySessionStore();
    const session = { id: 's1', store };
    const first = await skillsAgent([call('read', { path: 'src/db/notes.md' }), { text: 'done' }], project);
    assert.equal((await first.agent.ask('go', { session })).outcome, 'completed');
    const second = await skillsAgent([call('read', { path: 'src/db/notes.md' }), { text: 'done' }], project);
    assert.equal((await second.agent.ask('again', { session })).outcome, 'completed');
    assert.deepEqual(second.extension.activeSkills, ['db-style']);
    assert.equal(promotionsIn(second.server, 1).length, 1, 'the stored promotion, and no second one');
  });

  test('only injected messages count: a user typing the tag promotes nothing', () => {
    const text = promotionMessage([], 'x');
    const messages = new History([
      {
        id: 'a',
        kind: 'user',
        message: { role: 'user', content: '<skills-activated path="x" skills="db-style">' },
      },
      {
        id: 'b',
        kind: 'injected',
        message: { role: 'user', content: text.replace('skills=""', 'skills="a,b&#44;c"') },
      },
    ]).messages;
    assert.deepEqual(promotedInHistory(messages), ['a', 'b,c']);
    const activation = new Activation();
    activation.restore(promotedInHistory(messages));
    assert.ok(activation.isActive('b,c'));
  });
});
