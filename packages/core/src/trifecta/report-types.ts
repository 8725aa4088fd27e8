import type { TrifectaLegs } from './legs.ts';
import type { TrifectaNode } from './node.ts';
import type { TrifectaVerdict } from './verdict.ts';

/** The analysis of one node of the tree. */
export interface TrifectaNodeReport {
  /** The node's label. */
  readonly label: string;
  /** Labels from the root to this node, inclusive. */
  readonly path: readonly string[];
  /** The node as given. */
  readonly node: TrifectaNode;
  /** Legs of the node's own tools and contributions, combined. */
  readonly ownLegs: TrifectaLegs;
  /** What the node holds: its own legs plus its children's, relabelled at each boundary. */
  readonly legs: TrifectaLegs;
  /** Verdict of {@link legs}. */
  readonly verdict: TrifectaVerdict;
  /** Worst verdict of this node and everything below it. */
  readonly subtreeVerdict: TrifectaVerdict;
  /** Sub-agent reports, in the node's order. */
  readonly children: readonly TrifectaNodeReport[];
}

/** An agent tree's lethal-trifecta picture. Pure data: compute once, read often. */
export interface TrifectaReport {
  /** The root's analysis (and, through `children`, every node's). */
  readonly root: TrifectaNodeReport;
  /** Legs combined at the root. */
  readonly legs: TrifectaLegs;
  /** Tree verdict: the worst verdict of any node. */
  readonly verdict: TrifectaVerdict;
  /** Labels from the root down to the deepest node that carries the tree verdict. */
  readonly worstPath: readonly string[];
  /** Every node's report, depth-first, root first. */
  readonly nodes: readonly TrifectaNodeReport[];
  /** The report of the node at `path` (labels from the root), or undefined. */
  node(path: readonly string[]): TrifectaNodeReport | undefined;
  /** The verdict of the node at `path` (labels from the root), or undefined. */
  nodeVerdict(path: readonly string[]): TrifectaVerdict | undefined;
  /** A readable map: one line per node and per tool, then the worst path. */
  render(): string;
}
