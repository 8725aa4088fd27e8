import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type TrifectaNode, trifectaNode, trifectaReport } from '../../src/entries/trifecta.ts';
import { ASSUMED, defineTool, NONE, params, type TrifectaLegs } from '../../src/index.ts';

const WEB: TrifectaLegs = { privateData: false, untrusted: 'hard', egress: 'unreviewed' };
const FILES: TrifectaLegs = { privateData: true, untrusted: 'none', egress: 'none' };
const CALC = NONE;

const node = (
  label: string,
  toolLegs: Record<string, TrifectaLegs>,
  children: TrifectaNode[] = [],
  channelEgress?: 'human-reviewed' | 'unreviewed',
): TrifectaNode => ({ label, toolLegs, children, ...(channelEgress ? { channelEgress } : {}) });

describe('trifectaReport', () => {
  it('an agent with only a calculator is silent', () => {
    const report = trifectaReport(node('main', { calculator: CALC }));
    assert.equal(report.verdict, 'silent');
    assert.deepEqual(report.legs, NONE);
    assert.deepEqual(report.worstPath, ['main']);
  });

  it('web tools plus file reads on one agent is loud', () => {
    const report = trifectaReport(node('main', { web_scrape: WEB, read: FILES, calculator: CALC }));
    assert.equal(report.verdict, 'loud');
    assert.deepEqual(report.legs, { privateData: true, untrusted: 'hard', egress: 'unreviewed' });
  });

  it('moving the web tools into a sub-agent demotes what reaches the parent', () => {
    const report = trifectaReport(
      node('main', { read: FILES }, [node('researcher', { web_scrape: WEB }, [], 'unreviewed')]),
    );
    // researcher alone: untrusted + egress = two legs; main: private + soft untrusted + egress = mitigated three.
    assert.equal(report.nodeVerdict(['main', 'researcher']), 'soft');
    assert.equal(report.nodeVerdict(['main']), 'soft');
    assert.deepEqual(report.legs, { privateData: true, untrusted: 'soft', egress: 'unreviewed' });
    assert.equal(report.verdict, 'soft');
    assert.deepEqual(report.worstPath, ['main', 'researcher']);
  });

  it('the worst path leads through the child where the trifecta meets', () => {
    const report = trifectaReport(
      node('main', { calculator: CALC }, [
        node('miner', { read: FILES }, [], 'unreviewed'),
        node(
          'computer',
          { bash: ASSUMED },
          [node('leaf', { grep: FILES }, [], 'unreviewed')],
          'human-reviewed',
        ),
      ]),
    );
    assert.equal(report.nodeVerdict(['main', 'computer']), 'loud');
    assert.equal(report.nodeVerdict(['main', 'computer', 'leaf']), 'silent');
    assert.equal(report.nodeVerdict(['main', 'miner']), 'silent');
    // Through a human-reviewed channel the parent sees mitigated legs.
    assert.equal(report.nodeVerdict(['main']), 'soft');
    assert.equal(report.verdict, 'loud');
    assert.deepEqual(report.worstPath, ['main', 'computer']);
    assert.equal(report.nodeVerdict(['main', 'nobody']), undefined);
    assert.deepEqual(
      report.nodes.map((n) => n.path.join('/')),
      ['main', 'main/miner', 'main/computer', 'main/computer/leaf'],
    );
  });

  it('the tree verdict is the worst node, even when the root is quieter', () => {
    const report = trifectaReport(node('main', {}, [node('child', { a: ASSUMED }, [], 'human-reviewed')]));
    assert.equal(report.root.verdict, 'soft');
    assert.equal(report.verdict, 'loud');
  });

  it('throws when a node holds an unplaced combination', () => {
    const broken = { privateData: true, untrusted: 'extreme', egress: 'none' } as unknown as TrifectaLegs;
    assert.throws(() => trifectaReport(node('main', { x: broken })), TypeError);
  });
});

describe('trifectaNode', () => {
  it('collects tool legs and extension contributions', () => {
    const fetch = defineTool({
      name: 'fetch',
      description: '',
      parameters: params().requiredString('url', 'URL'),
      execute: () => '',
    });
    const calc = defineTool({
      name: 'calculator',
      description: '',
      parameters: params(),
      execute: () => '',
      trifectaLegs: NONE,
    });
    const built = trifectaNode('main', {
      tools: [fetch, calc],
      contributions: { 'extension:memory': FILES },
    });
    assert.deepEqual(built.toolLegs, { fetch: ASSUMED, calculator: NONE, 'extension:memory': FILES });
    assert.deepEqual(built.children, []);
    assert.equal('channelEgress' in built, false);
    assert.throws(
      () => trifectaNode('main', { tools: [fetch], contributions: { fetch: NONE } }),
      /two entries named fetch/,
    );
  });
});
