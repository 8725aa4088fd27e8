import type { EgressLevel, TrifectaLegs, UntrustedLevel } from './legs.ts';

/**
 * How loudly a node's legs should be reported, from least to most severe:
 * `silent` (at most one leg: no exfiltration path), `soft` (two legs, or all
 * three with a mitigation), `loud` (the lethal trifecta, unmitigated).
 */
export type TrifectaVerdict = 'silent' | 'soft' | 'loud';

/** Verdicts from least to most severe. */
export const VERDICT_SEVERITY: readonly TrifectaVerdict[] = Object.freeze(['silent', 'soft', 'loud']);

type GridKey = `${boolean}/${UntrustedLevel}/${EgressLevel}`;

/**
 * The verdict grid, every lattice point placed by hand (the type forces all 18).
 * Rows: private data / untrusted content / egress.
 * - loud: private data + hard untrusted content + unreviewed egress: anyone who
 *   can author content the model reads can make it send private data out.
 * - soft: all three legs with a mitigation (untrusted content only `soft`, or
 *   every payload `reviewed` by a human), or exactly two legs (one tool added
 *   away from the trifecta).
 * - silent: at most one leg.
 */
const GRID: Readonly<Record<GridKey, TrifectaVerdict>> = Object.freeze({
  'false/none/none': 'silent',
  'false/none/reviewed': 'silent',
  'false/none/unreviewed': 'silent',
  'false/soft/none': 'silent',
  'false/hard/none': 'silent',
  'true/none/none': 'silent',
  'false/soft/reviewed': 'soft',
  'false/soft/unreviewed': 'soft',
  'false/hard/reviewed': 'soft',
  'false/hard/unreviewed': 'soft',
  'true/soft/none': 'soft',
  'true/hard/none': 'soft',
  'true/none/reviewed': 'soft',
  'true/none/unreviewed': 'soft',
  'true/soft/reviewed': 'soft',
  'true/soft/unreviewed': 'soft',
  'true/hard/reviewed': 'soft',
  'true/hard/unreviewed': 'loud',
});

/**
 * The verdict for one node's combined legs, read from the grid above.
 *
 * @throws TypeError when the legs name a lattice point the grid does not place
 * (a level outside the declared ones): better to fail than to guess "silent".
 */
export function legsVerdict(legs: TrifectaLegs): TrifectaVerdict {
  const key = `${legs.privateData}/${legs.untrusted}/${legs.egress}`;
  const verdict = Object.hasOwn(GRID, key) ? GRID[key as GridKey] : undefined;
  if (verdict === undefined) throw new TypeError(`trifecta: legs ${key} are not placed in the verdict grid`);
  return verdict;
}

/** Severity rank of a verdict (0 = silent). */
export function verdictRank(verdict: TrifectaVerdict): number {
  return VERDICT_SEVERITY.indexOf(verdict);
}
