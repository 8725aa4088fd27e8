import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { trifectaNode } from '../../src/entries/trifecta.ts';
import { ASSUMED, defineTool, NONE } from '../../src/index.ts';
import { echoTool, scriptedAgent } from './helpers.ts';

describe('agent.trifecta()', () => {
  const web = defineTool({
    name: 'web_fetch',
    description: 'fetch',
    parameters: { type: 'object', properties: {} },
    trifectaLegs: ASSUMED,
    execute: () => '',
  });

  test('a tools-only agent reports over its own tools', () => {
    const { agent } = scriptedAgent([], { tools: [echoTool()] });
    const report = agent.trifecta();
    assert.equal(report.root.label, 'main');
    assert.deepEqual(Object.keys(report.root.node.toolLegs), ['echo']);
    assert.deepEqual(report.legs, NONE);
    assert.equal(agent.trifecta(), report, 'memoized');
  });

  test('extension contributions add legs and sub-agent children; sub-agent-only tools are not own legs', () => {
    const researcher = trifectaNode('researcher', { tools: [web], channelEgress: 'unreviewed' });
    const { agent } = scriptedAgent([], {
      tools: [echoTool()],
      id: 'boss',
      configureMore: (c) => {
        c.addSubAgentTool(web);
        c.addExtension({
          name: 'subagents',
          trifectaContribution: () => ({
            legs: { 'extension:memory': { privateData: true, untrusted: 'none', egress: 'none' } },
            children: [researcher],
          }),
        });
      },
    });
    const report = agent.trifecta();
    assert.equal(report.root.label, 'boss');
    assert.deepEqual(Object.keys(report.root.node.toolLegs).sort(), ['echo', 'extension:memory']);
    assert.deepEqual(
      report.root.children.map((c) => c.label),
      ['researcher'],
    );
    assert.ok(report.node(['boss', 'researcher']));
  });
});
