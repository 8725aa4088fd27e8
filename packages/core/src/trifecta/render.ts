import type { TrifectaLegs } from './legs.ts';
import type { TrifectaNodeReport, TrifectaReport } from './report-types.ts';

/** All three axes, for a node line: `private=yes untrusted=hard egress=unreviewed`. */
function nodeLegs(legs: TrifectaLegs): string {
  return `private=${legs.privateData ? 'yes' : 'no'} untrusted=${legs.untrusted} egress=${legs.egress}`;
}

/** Only the legs a tool holds, for a tool line: `untrusted=hard egress=unreviewed`, or `no legs`. */
function toolLegs(legs: TrifectaLegs): string {
  const parts: string[] = [];
  if (legs.privateData) parts.push('private=yes');
  if (legs.untrusted !== 'none') parts.push(`untrusted=${legs.untrusted}`);
  if (legs.egress !== 'none') parts.push(`egress=${legs.egress}`);
  return parts.length > 0 ? parts.join(' ') : 'no legs';
}

function renderNode(node: TrifectaNodeReport, depth: number, lines: string[]): void {
  const indent = '  '.repeat(depth);
  const channel = node.node.channelEgress ? ` (channel: ${node.node.channelEgress})` : '';
  lines.push(`${indent}${node.label}${channel}  ${nodeLegs(node.legs)}  → ${node.verdict.toUpperCase()}`);
  for (const [name, legs] of Object.entries(node.node.toolLegs)) {
    lines.push(`${indent}  - ${name}: ${toolLegs(legs)}`);
  }
  for (const child of node.children) renderNode(child, depth + 1, lines);
}

/**
 * The readable map of a report: one line per node (label, its three legs,
 * verdict), one indented line per tool with the legs it holds, sub-agents
 * indented below their parent, then the tree verdict and the worst path.
 */
export function renderTrifecta(report: TrifectaReport): string {
  const lines: string[] = [];
  renderNode(report.root, 0, lines);
  lines.push(`verdict: ${report.verdict.toUpperCase()}  worst path: ${report.worstPath.join(' → ')}`);
  return lines.join('\n');
}
