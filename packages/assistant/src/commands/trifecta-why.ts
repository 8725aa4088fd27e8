// Why the trifecta map is loud (`kodama trifecta` and `/trifecta` say the same): which tools bring each leg into the loud
// agent, and what memory adds when it is one of them. The map lists every
// tool's legs; a person reading it should not have to assemble the three
// lists themselves.
import type { TrifectaLegs } from '@kodama/core';
import type { TrifectaNodeReport, TrifectaReport } from '@kodama/core/trifecta';

/** The key under which the memory extension declares its legs (`@kodama/memory`'s `trifectaContribution`). */
export const MEMORY_LEGS_KEY = 'extension:memory';

/** The names in `node`'s tool map whose legs `pick` selects. */
function holders(node: TrifectaNodeReport, pick: (legs: TrifectaLegs) => boolean): string[] {
  return Object.entries(node.node.toolLegs)
    .filter(([, legs]) => pick(legs))
    .map(([name]) => name);
}

/** A leg with no tool of the node's own came from its sub-agents (their legs reach it through the agent tool). */
function listed(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'its sub-agents';
}

/**
 * The lines that explain a loud report: for the node where the danger
 * originates (the end of the worst path), which tools bring private data,
 * untrusted content and unreviewed egress; and, when the memory extension
 * sits on a loud agent, why memory is the leg that makes it dangerous.
 * Nothing for a report that is not loud.
 */
export function trifectaWhy(report: TrifectaReport): string[] {
  if (report.verdict !== 'loud') return [];
  const worst = report.node(report.worstPath);
  if (worst === undefined) return [];
  const lines = [
    `why: ${worst.label} holds all three legs, unmitigated:`,
    `  private data from ${listed(holders(worst, (l) => l.privateData))}`,
    `  untrusted content from ${listed(holders(worst, (l) => l.untrusted === 'hard'))}`,
    `  egress through ${listed(holders(worst, (l) => l.egress === 'unreviewed'))}`,
  ];
  const withMemory = report.nodes.find((n) => MEMORY_LEGS_KEY in n.node.toolLegs && n.verdict === 'loud');
  if (withMemory !== undefined) {
    const untrusted = listed(holders(withMemory, (l) => l.untrusted === 'hard'));
    const egress = listed(holders(withMemory, (l) => l.egress === 'unreviewed'));
    lines.push(
      `memory: what kodama remembers about you (${MEMORY_LEGS_KEY}, recall) is private data on ${withMemory.label},`,
      `  which also reads untrusted content (${untrusted}) and can send bytes out (${egress}):`,
      '  an instruction planted in that content could recall your memories and send them away,',
      '  or remember a false "fact" that every later conversation trusts. Give memory to an',
      '  agent without untrusted input or without egress; kodama memory shows what is kept.',
    );
  }
  return lines;
}
