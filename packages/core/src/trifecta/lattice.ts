import type { EgressLevel, TrifectaLegs, UntrustedLevel } from './legs.ts';

// Each graded axis is a small lattice ordered from harmless to hostile.
const UNTRUSTED_ORDER: readonly UntrustedLevel[] = ['none', 'soft', 'hard'];
const EGRESS_ORDER: readonly EgressLevel[] = ['none', 'reviewed', 'unreviewed'];

function rank<L>(order: readonly L[], level: L, axis: string): number {
  const index = order.indexOf(level);
  if (index < 0) throw new TypeError(`trifecta: ${JSON.stringify(level)} is not a level of the ${axis} axis`);
  return index;
}

function maxOf<L>(order: readonly L[], a: L, b: L, axis: string): L {
  return order[Math.max(rank(order, a, axis), rank(order, b, axis))] as L;
}

function minOf<L>(order: readonly L[], a: L, b: L, axis: string): L {
  return order[Math.min(rank(order, a, axis), rank(order, b, axis))] as L;
}

/** Legs meeting at one node: the per-axis maximum (the node holds whatever any of its tools holds). */
export function combineLegs(a: TrifectaLegs, b: TrifectaLegs): TrifectaLegs {
  return Object.freeze({
    privateData: a.privateData || b.privateData,
    untrusted: maxOf(UNTRUSTED_ORDER, a.untrusted, b.untrusted, 'untrusted'),
    egress: maxOf(EGRESS_ORDER, a.egress, b.egress, 'egress'),
  });
}

/**
 * How a sub-agent's delegation channel carries its egress to the parent:
 * `human-reviewed` (a person approves each delegated task) or `unreviewed`.
 */
export type ChannelEgress = 'human-reviewed' | 'unreviewed';

/**
 * Squeezes a child's egress through its delegation channel (the per-axis
 * minimum): through a human-reviewed channel, at most `reviewed` egress reaches
 * the parent; an unreviewed channel (or none, at the root) passes it unchanged.
 */
export function capEgress(legs: TrifectaLegs, channel: ChannelEgress | undefined): TrifectaLegs {
  if (channel === undefined || channel === 'unreviewed') return legs;
  if (channel !== 'human-reviewed')
    throw new TypeError(`trifecta: unknown channel egress ${JSON.stringify(channel)}`);
  return Object.freeze({ ...legs, egress: minOf(EGRESS_ORDER, legs.egress, 'reviewed', 'egress') });
}

/**
 * The fixed demotion at a sub-agent boundary: what reaches the parent is the
 * child's final answer, written by a model that read the content, not the
 * content itself, so untrusted content drops one level (hard → soft → none).
 * Private data and egress cross unchanged (the answer can quote private data;
 * the parent can ask the child to send bytes out); see {@link capEgress}.
 */
export function relabelInbound(legs: TrifectaLegs): TrifectaLegs {
  const demoted = Math.max(0, rank(UNTRUSTED_ORDER, legs.untrusted, 'untrusted') - 1);
  return Object.freeze({ ...legs, untrusted: UNTRUSTED_ORDER[demoted] as UntrustedLevel });
}
