import type { GraphSnapshot } from './graph-config.ts';

/** Mermaid ids are letters, digits and underscores. */
const idOf = (name: string) => `n_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
/** Labels are quoted; quotes inside become `#quot;`. */
const label = (text: string) => `"${text.replace(/"/g, '#quot;')}"`;

/**
 * The graph as a Mermaid flowchart: the start and finish as stadiums, other
 * nodes as boxes, conditional edges labelled, fan-outs through a `fork`
 * and fan-ins (explicit groups, and nodes fed by several unconditional
 * edges) through a `join`, error edges dashed and labelled with the error
 * classes they route.
 */
export function toMermaid(g: GraphSnapshot): string {
  const lines = ['flowchart TD'];
  for (const name of g.nodes.keys()) {
    const shape = name === g.start || name === g.finish ? `([${label(name)}])` : `[${label(name)}]`;
    lines.push(`  ${idOf(name)}${shape}`);
  }
  // Joins: explicit groups, and nodes fed by unconditional edges from two or more nodes.
  const unconditionalIn = new Map<string, Set<string>>();
  for (const [from, routes] of g.routes)
    for (const r of routes)
      if (!r.when && !r.group)
        for (const t of r.to) unconditionalIn.set(t, (unconditionalIn.get(t) ?? new Set()).add(from));
  const joins = new Set<string>([...g.groups.keys()]);
  for (const [t, sources] of unconditionalIn) if (sources.size > 1) joins.add(t);
  for (const t of joins) {
    lines.push(`  ${idOf(t)}_join{{join}}`);
    lines.push(`  ${idOf(t)}_join --> ${idOf(t)}`);
  }
  const into = (t: string, conditional: boolean) =>
    joins.has(t) && !conditional ? `${idOf(t)}_join` : idOf(t);
  for (const [from, routes] of g.routes) {
    const unconditional = routes.filter((r) => !r.when).flatMap((r) => r.to);
    const fork = unconditional.length > 1;
    if (fork) {
      lines.push(`  ${idOf(from)}_fork{{fork}}`);
      lines.push(`  ${idOf(from)} --> ${idOf(from)}_fork`);
    }
    for (const r of routes) {
      if (r.group && r.group[0] !== from) {
        for (const t of r.to) lines.push(`  ${idOf(from)} --> ${idOf(t)}_join`);
        continue;
      }
      for (const t of r.to) {
        if (r.when) lines.push(`  ${idOf(from)} -->|${label(r.label ?? 'when')}| ${into(t, true)}`);
        else lines.push(`  ${fork ? `${idOf(from)}_fork` : idOf(from)} --> ${into(t, false)}`);
      }
    }
  }
  for (const [from, edges] of g.errorRoutes) {
    for (const e of edges) {
      const on = e.on?.map((c) => c.name).join(', ') || 'error';
      lines.push(`  ${idOf(from)} -.->|${label(on)}| ${idOf(e.to)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
