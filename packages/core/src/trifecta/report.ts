import { capEgress, combineLegs, relabelInbound } from './lattice.ts';
import { NONE } from './legs.ts';
import type { TrifectaNode } from './node.ts';
import { renderTrifecta } from './render.ts';
import type { TrifectaNodeReport, TrifectaReport } from './report-types.ts';
import { legsVerdict, type TrifectaVerdict, verdictRank } from './verdict.ts';

export type { TrifectaNodeReport, TrifectaReport } from './report-types.ts';

function worse(a: TrifectaVerdict, b: TrifectaVerdict): TrifectaVerdict {
  return verdictRank(b) > verdictRank(a) ? b : a;
}

function analyse(node: TrifectaNode, parentPath: readonly string[]): TrifectaNodeReport {
  const path = Object.freeze([...parentPath, node.label]);
  const ownLegs = Object.values(node.toolLegs).reduce(combineLegs, NONE);
  const children = Object.freeze(node.children.map((child) => analyse(child, path)));
  // A child's legs reach this node through the sub-agent boundary.
  const legs = children.reduce(
    (acc, child) => combineLegs(acc, capEgress(relabelInbound(child.legs), child.node.channelEgress)),
    ownLegs,
  );
  const verdict = legsVerdict(legs);
  const subtreeVerdict = children.reduce((acc, child) => worse(acc, child.subtreeVerdict), verdict);
  return Object.freeze({ label: node.label, path, node, ownLegs, legs, verdict, subtreeVerdict, children });
}

function worstPathOf(root: TrifectaNodeReport): readonly string[] {
  let current = root;
  // Descend while some child's subtree still carries the tree verdict: the
  // path ends where the danger originates, not where it is first visible.
  for (;;) {
    const next = current.children.find((child) => child.subtreeVerdict === root.subtreeVerdict);
    if (!next) return current.path;
    current = next;
  }
}

function flatten(node: TrifectaNodeReport): TrifectaNodeReport[] {
  return [node, ...node.children.flatMap(flatten)];
}

/**
 * Walks an agent tree and reports its lethal-trifecta picture: the legs each
 * node holds (its tools, plus its sub-agents' legs demoted by
 * {@link relabelInbound} and squeezed by {@link capEgress}), a verdict per node
 * from the verdict grid, the tree verdict (the worst node) and the worst path.
 *
 * @throws TypeError when some node's legs are not placed in the verdict grid.
 */
export function trifectaReport(root: TrifectaNode): TrifectaReport {
  const rootReport = analyse(root, []);
  const nodes = Object.freeze(flatten(rootReport));
  const worstPath = worstPathOf(rootReport);
  const find = (path: readonly string[]): TrifectaNodeReport | undefined =>
    nodes.find((n) => n.path.length === path.length && n.path.every((label, i) => label === path[i]));
  const report: TrifectaReport = Object.freeze({
    root: rootReport,
    legs: rootReport.legs,
    verdict: rootReport.subtreeVerdict,
    worstPath,
    nodes,
    node: find,
    nodeVerdict: (path: readonly string[]) => find(path)?.verdict,
    render: () => renderTrifecta(report),
  });
  return report;
}
