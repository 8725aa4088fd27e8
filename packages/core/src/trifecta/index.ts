// Public API of the lethal-trifecta analysis: legs, the verdict grid, the tree report.
export type { ChannelEgress } from './lattice.ts';
export { capEgress, combineLegs, relabelInbound } from './lattice.ts';
export type { EgressLevel, TrifectaLegs, UntrustedLevel } from './legs.ts';
export { ASSUMED, NONE } from './legs.ts';
export type { TrifectaNode, TrifectaNodeOptions } from './node.ts';
export { trifectaNode } from './node.ts';
export { renderTrifecta } from './render.ts';
export type { TrifectaNodeReport, TrifectaReport } from './report.ts';
export { trifectaReport } from './report.ts';
export type { TrifectaVerdict } from './verdict.ts';
export { legsVerdict, VERDICT_SEVERITY, verdictRank } from './verdict.ts';
