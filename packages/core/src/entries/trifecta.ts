/** @kodama/core/trifecta: the lethal-trifecta map of an agent tree — legs, lattice, nodes, reports. */
export { agentNode, agentTrifecta } from '../agent/agent-trifecta.ts';
export { type ChannelEgress, capEgress, combineLegs, relabelInbound } from '../trifecta/lattice.ts';
export type { EgressLevel, UntrustedLevel } from '../trifecta/legs.ts';
export { type TrifectaNode, type TrifectaNodeOptions, trifectaNode } from '../trifecta/node.ts';
export { renderTrifecta } from '../trifecta/render.ts';
export { type TrifectaNodeReport, type TrifectaReport, trifectaReport } from '../trifecta/report.ts';
export { legsVerdict, type TrifectaVerdict, VERDICT_SEVERITY, verdictRank } from '../trifecta/verdict.ts';
