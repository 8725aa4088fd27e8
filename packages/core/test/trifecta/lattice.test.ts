import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  capEgress,
  combineLegs,
  type EgressLevel,
  relabelInbound,
  type UntrustedLevel,
} from '../../src/entries/trifecta.ts';
import { ASSUMED, NONE, type TrifectaLegs } from '../../src/index.ts';

const anyLegs = fc
  .record({
    privateData: fc.boolean(),
    untrusted: fc.constantFrom<UntrustedLevel>('none', 'soft', 'hard'),
    egress: fc.constantFrom<EgressLevel>('none', 'reviewed', 'unreviewed'),
  })
  .map((legs): TrifectaLegs => ({ ...legs })); // plain prototype, for deepEqual

describe('combineLegs', () => {
  it('takes the per-axis maximum', () => {
    const web: TrifectaLegs = { privateData: false, untrusted: 'hard', egress: 'reviewed' };
    const files: TrifectaLegs = { privateData: true, untrusted: 'soft', egress: 'none' };
    assert.deepEqual(combineLegs(web, files), { privateData: true, untrusted: 'hard', egress: 'reviewed' });
    assert.deepEqual(combineLegs(NONE, { ...NONE, egress: 'unreviewed' }), { ...NONE, egress: 'unreviewed' });
  });

  it('is commutative, idempotent, with NONE as identity and ASSUMED as top', () => {
    fc.assert(
      fc.property(anyLegs, anyLegs, (a, b) => {
        assert.deepEqual(combineLegs(a, b), combineLegs(b, a));
        assert.deepEqual(combineLegs(a, a), a);
        assert.deepEqual(combineLegs(a, NONE), a);
        assert.deepEqual(combineLegs(a, ASSUMED), ASSUMED);
      }),
    );
  });

  it('throws on a level outside the lattice', () => {
    assert.throws(() => combineLegs(NONE, { ...NONE, egress: 'sometimes' as EgressLevel }), TypeError);
  });
});

describe('sub-agent boundary', () => {
  it('relabelInbound demotes untrusted content one level and keeps the rest', () => {
    assert.deepEqual(relabelInbound(ASSUMED), { privateData: true, untrusted: 'soft', egress: 'unreviewed' });
    assert.equal(relabelInbound({ ...NONE, untrusted: 'soft' }).untrusted, 'none');
    assert.equal(relabelInbound(NONE).untrusted, 'none');
  });

  it('capEgress squeezes egress through a human-reviewed channel only', () => {
    assert.equal(capEgress(ASSUMED, 'human-reviewed').egress, 'reviewed');
    assert.equal(capEgress(NONE, 'human-reviewed').egress, 'none');
    assert.deepEqual(capEgress(ASSUMED, 'unreviewed'), ASSUMED);
    assert.deepEqual(capEgress(ASSUMED, undefined), ASSUMED);
  });
});
