// A sub-agent never runs the path listener: a child built with its parent's sub-agent listeners reads a
// gated file, and the parent's activation and interjection queue stay untouched.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, defineTool, type ExtensionContext, NONE } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { autoApprove, Workspace, workspaceTools } from '@kodama/workspace';
import { gatedProject } from './helpers/project.ts';
import { call, promotionsIn, skillsAgent } from './helpers/skills-agent.ts';

test('a sub-agent touching a matching file changes nothing in the parent', async () => {
  const project = gatedProject();
  let context: ExtensionContext | undefined;
  let childAgent: Agent | undefined;
  const workspace = await Workspace.create({ projectRoot: project.root });
  const delegate = defineTool({
    name: 'delegate',
    description: 'Hands a task to a sub-agent.',
    parameters: { type: 'object', properties: { task: { type: 'string' } }, required: ['task'] },
    trifectaLegs: NONE,
    async execute(args) {
      // The sub-agent package does not exist yet: a child built by hand, as it will build one.
      const listeners = context!.subAgentListeners({ id: 'sub 0' });
      childAgent = new Agent({
        id: 'sub 0',
        model: await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 }),
        systemPrompt: 'You are a sub-agent.',
        configure: (c) => {
          c.addTool(workspaceTools(workspace, { confirmer: autoApprove }).read);
          c.addListener({ name: 'parent-views', onEvent: (e) => listeners.emit(e) });
        },
      });
      return childAgent.turn(String(args.task));
    },
  });
  const { agent, server, extension, events } = await skillsAgent(
    [
      call('delegate', { task: 'read the migration' }), // parent, request 0
      call('read', { path: 'src/db/001_init.sql' }), // child, request 1
      { text: 'it creates table t' }, // child, request 2
      { text: 'done' }, // parent, request 3
      call('read', { path: 'src/db/001_init.sql' }), // parent, request 4
      { text: 'now promoted' }, // parent, request 5
    ],
    {
      ...project,
      configure: (c) => {
        c.addTool(delegate);
        c.addExtension({
          name: 'grab',
          bind: (x) => {
            context = x;
          },
        });
      },
    },
  );
  try {
    await agent.turn('delegate it');
    const childRead = events.ofType('tool-call').find((e) => e.agentId === 'sub 0' && e.name === 'read');
    assert.ok(childRead, "the child's tool-call went through the parent's sub-agent listener views");
    assert.deepEqual(promotionsIn(server, 2), [], 'the child got no promotion');
    assert.deepEqual(promotionsIn(server, 3), [], 'nothing was queued onto the parent');
    assert.deepEqual(extension.activeSkills, [], "the parent's activation is unchanged");
    await agent.turn('now you read it');
    assert.equal(promotionsIn(server, 5).length, 1, 'the parent itself still promotes');
  } finally {
    await childAgent?.close();
    await workspace.close();
  }
});
