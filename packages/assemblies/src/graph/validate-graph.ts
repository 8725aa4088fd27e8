import { isRunnable, type Runnable } from '@kodama/core';
import { contains } from '../runnable/assembly.ts';
import { checkStepPolicy } from '../steps/retry-policy.ts';
import type { GraphSnapshot } from './graph-config.ts';

/** Nodes reachable from `from` (itself included) over edges and error edges; cached on the snapshot. */
export function reachableFrom(g: GraphSnapshot, from: string): ReadonlySet<string> {
  const known = g.reach.get(from);
  if (known) return known;
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (seen.has(n) || !g.nodes.has(n)) continue;
    seen.add(n);
    for (const r of g.routes.get(n) ?? []) stack.push(...r.to);
    for (const e of g.errorRoutes.get(n) ?? []) stack.push(e.to);
  }
  g.reach.set(from, seen);
  return seen;
}

/** The nodes from which `to` is reachable over edges and error edges (`to` itself included); cached on the snapshot. */
export function ancestorsOf(g: GraphSnapshot, to: string): ReadonlySet<string> {
  const known = g.ancestors.get(to);
  if (known) return known;
  const found = new Set<string>();
  for (const name of g.nodes.keys()) if (reachableFrom(g, name).has(to)) found.add(name);
  g.ancestors.set(to, found);
  return found;
}

/**
 * Every problem of a graph, one message each: missing start or finish,
 * undeclared nodes, a finish with outgoing edges, a node with no route,
 * unreachable nodes, nodes that cannot reach the finish, ambiguous fan-in,
 * bad limits or step policies, a graph containing itself. Empty when valid.
 */
export function graphProblems(g: GraphSnapshot, self?: Runnable): string[] {
  const problems: string[] = [];
  const declared = (n: string) => g.nodes.has(n);
  if (g.nodes.size === 0) problems.push('it has no nodes');
  if (!g.start) problems.push('no start node given');
  else if (!declared(g.start)) problems.push(`start ${g.start} is not a declared node`);
  if (!g.finish) problems.push('no finish node given');
  else if (!declared(g.finish)) problems.push(`finish ${g.finish} is not a declared node`);
  for (const [name, spec] of g.nodes) {
    if (!isRunnable(spec.participant)) problems.push(`node ${name} is not an agent or an assembly`);
    try {
      checkStepPolicy(spec, `node ${name}`);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  for (const [from, routes] of g.routes) {
    for (const r of routes) {
      for (const n of [from, ...r.to])
        if (!declared(n)) problems.push(`edge ${from} -> ${r.to.join(', ')}: ${n} is not a declared node`);
    }
  }
  for (const [from, edges] of g.errorRoutes) {
    for (const e of edges) {
      for (const n of [from, e.to])
        if (!declared(n)) problems.push(`error edge ${from} -> ${e.to}: ${n} is not a declared node`);
    }
  }
  if (
    declared(g.finish) &&
    ((g.routes.get(g.finish)?.length ?? 0) > 0 || (g.errorRoutes.get(g.finish)?.length ?? 0) > 0)
  )
    problems.push(`finish ${g.finish} has outgoing edges; the finish must end the graph`);
  for (const name of g.nodes.keys()) {
    if (name !== g.finish && (g.routes.get(name)?.length ?? 0) === 0)
      problems.push(`node ${name} has no route (no outgoing edge)`);
  }
  const incoming = new Map<string, number>();
  for (const routes of g.routes.values())
    for (const r of routes) if (!r.group) for (const t of r.to) incoming.set(t, (incoming.get(t) ?? 0) + 1);
  const groupTargets = new Map<string, number>();
  for (const [from, routes] of g.routes)
    for (const r of routes)
      if (r.group && r.group[0] === from)
        for (const t of r.to) groupTargets.set(t, (groupTargets.get(t) ?? 0) + 1);
  for (const [target, count] of groupTargets) {
    if (count > 1 || (incoming.get(target) ?? 0) > 0)
      problems.push(`node ${target} is the target of a fan-in group and of other edges (ambiguous fan-in)`);
  }
  if (declared(g.start) && declared(g.finish)) {
    const reachable = reachableFrom(g, g.start);
    for (const name of g.nodes.keys())
      if (!reachable.has(name)) problems.push(`node ${name} is unreachable from start ${g.start}`);
    for (const name of reachable) {
      if (name !== g.finish && !reachableFrom(g, name).has(g.finish))
        problems.push(`node ${name} cannot reach finish ${g.finish}`);
    }
  }
  problems.push(...containmentProblems(g, self));
  if (!(Number.isInteger(g.maxSteps) && g.maxSteps >= 1))
    problems.push(`maxSteps must be an integer of 1 or more, got ${g.maxSteps}`);
  if (!(Number.isInteger(g.maxConcurrency) && g.maxConcurrency >= 1))
    problems.push(`maxConcurrency must be an integer of 1 or more, got ${g.maxConcurrency}`);
  return problems;
}

/** A node that is, or holds at any depth, the graph `self` (a graph cannot run itself). */
export function containmentProblems(g: GraphSnapshot, self: Runnable | undefined): string[] {
  if (!self) return [];
  const problems: string[] = [];
  for (const [name, spec] of g.nodes) {
    if (isRunnable(spec.participant) && contains(spec.participant, self))
      problems.push(`node ${name} contains the graph itself`);
  }
  return problems;
}
