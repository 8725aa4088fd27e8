import type { Extension } from '../extensions/extension.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';
import { type TrifectaNode, trifectaNode } from '../trifecta/node.ts';
import { type TrifectaReport, trifectaReport } from '../trifecta/report.ts';

/**
 * The trifecta node of one agent: its callable tools plus what its
 * extensions contribute (extra legs, and sub-agent nodes as children).
 * Sub-agent-only tools are not the agent's own legs: they are reached only
 * through a sub-agent, which an extension contributes as a child.
 */
export function agentNode(
  label: string,
  tools: readonly AnyTool[],
  extensions: readonly Extension[],
): TrifectaNode {
  const contributions: Record<string, TrifectaLegs> = {};
  const children: TrifectaNode[] = [];
  for (const ext of extensions) {
    const c = ext.trifectaContribution?.();
    if (!c) continue;
    Object.assign(contributions, c.legs ?? {});
    children.push(...(c.children ?? []));
  }
  return trifectaNode(label, { tools, contributions, children });
}

/** The report over {@link agentNode}. */
export function agentTrifecta(
  label: string,
  tools: readonly AnyTool[],
  extensions: readonly Extension[],
): TrifectaReport {
  return trifectaReport(agentNode(label, tools, extensions));
}
