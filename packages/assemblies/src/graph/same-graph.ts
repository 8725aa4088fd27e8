import type { GraphErrorEdge, GraphSnapshot, NodeSpec, Route } from './graph-config.ts';

/**
 * True when two snapshots describe the same graph: the same nodes (the same
 * participants, mappers and step policies, by identity), routes, error
 * routes and limits. A graph whose options were not edited since its last
 * Run reuses that Run's checked snapshot (and its reachability cache)
 * instead of checking everything again: a few comparisons per edge rather
 * than a search from every node.
 */
export function sameGraph(a: GraphSnapshot, b: GraphSnapshot): boolean {
  if (
    a.id !== b.id ||
    a.start !== b.start ||
    a.finish !== b.finish ||
    a.maxSteps !== b.maxSteps ||
    a.maxConcurrency !== b.maxConcurrency
  )
    return false;
  return (
    sameMap(a.nodes, b.nodes, sameNode) &&
    sameMap(a.routes, b.routes, (x, y) => sameList(x, y, sameRoute)) &&
    sameMap(a.errorRoutes, b.errorRoutes, (x, y) => sameList(x, y, sameErrorEdge))
  );
}

function sameMap<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>, same: (x: V, y: V) => boolean) {
  if (a.size !== b.size) return false;
  // Insertion order matters too: it is the order routes are tried and nodes are drawn.
  const bKeys = [...b.keys()];
  let i = 0;
  for (const [key, value] of a) {
    if (bKeys[i++] !== key) return false;
    if (!same(value, b.get(key)!)) return false;
  }
  return true;
}

function sameList<T>(
  a: readonly T[] | undefined,
  b: readonly T[] | undefined,
  same: (x: T, y: T) => boolean,
) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => same(x, b[i]!));
}

const is = <T>(x: T, y: T) => x === y;

function sameNode(a: NodeSpec, b: NodeSpec): boolean {
  return (
    a.participant === b.participant &&
    a.input === b.input &&
    a.timeout === b.timeout &&
    a.retries === b.retries &&
    a.retryDelay === b.retryDelay &&
    (a.retryOn === b.retryOn ||
      (Array.isArray(a.retryOn) && Array.isArray(b.retryOn) && sameList(a.retryOn, b.retryOn, is)))
  );
}

function sameRoute(a: Route, b: Route): boolean {
  return (
    a.from === b.from &&
    a.when === b.when &&
    a.label === b.label &&
    a.input === b.input &&
    sameList(a.to, b.to, is) &&
    sameList(a.group, b.group, is)
  );
}

function sameErrorEdge(a: GraphErrorEdge, b: GraphErrorEdge): boolean {
  return a.from === b.from && a.to === b.to && a.input === b.input && sameList(a.on, b.on, is);
}
