import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type EgressLevel,
  legsVerdict,
  type TrifectaVerdict,
  type UntrustedLevel,
} from '../../src/entries/trifecta.ts';
import { ASSUMED, NONE, type TrifectaLegs } from '../../src/index.ts';

const legs = (privateData: boolean, untrusted: UntrustedLevel, egress: EgressLevel): TrifectaLegs => ({
  privateData,
  untrusted,
  egress,
});

// The whole lattice, written out independently of the grid in verdict.ts.
const table: [TrifectaLegs, TrifectaVerdict][] = [
  [legs(false, 'none', 'none'), 'silent'],
  [legs(true, 'none', 'none'), 'silent'],
  [legs(false, 'soft', 'none'), 'silent'],
  [legs(false, 'hard', 'none'), 'silent'],
  [legs(false, 'none', 'reviewed'), 'silent'],
  [legs(false, 'none', 'unreviewed'), 'silent'],
  [legs(true, 'soft', 'none'), 'soft'],
  [legs(true, 'hard', 'none'), 'soft'],
  [legs(true, 'none', 'reviewed'), 'soft'],
  [legs(true, 'none', 'unreviewed'), 'soft'],
  [legs(false, 'soft', 'reviewed'), 'soft'],
  [legs(false, 'soft', 'unreviewed'), 'soft'],
  [legs(false, 'hard', 'reviewed'), 'soft'],
  [legs(false, 'hard', 'unreviewed'), 'soft'],
  [legs(true, 'soft', 'reviewed'), 'soft'],
  [legs(true, 'soft', 'unreviewed'), 'soft'],
  [legs(true, 'hard', 'reviewed'), 'soft'],
  [legs(true, 'hard', 'unreviewed'), 'loud'],
];

describe('legsVerdict', () => {
  it('places every lattice point: silent ≤ 1 leg, soft = 2 legs or 3 mitigated, loud = 3 unmitigated', () => {
    assert.equal(table.length, 18);
    for (const [input, verdict] of table) assert.equal(legsVerdict(input), verdict, JSON.stringify(input));
  });

  it('ASSUMED is loud and NONE is silent', () => {
    assert.equal(legsVerdict(ASSUMED), 'loud');
    assert.equal(legsVerdict(NONE), 'silent');
  });

  it('throws for a combination the grid does not place', () => {
    assert.throws(
      () => legsVerdict(legs(true, 'medium' as UntrustedLevel, 'none')),
      /not placed in the verdict grid/,
    );
    assert.throws(() => legsVerdict({ ...NONE, privateData: 'yes' as unknown as boolean }), TypeError);
  });
});
