import type { Content, Runnable } from '@kodama/core';
import type { StepPolicy } from '../steps/retry-policy.ts';

/** What a node's input is made from: the Run's task and what its predecessors gave. */
export interface NodeInputs {
  /** The Run's input as text. */
  readonly task: string;
  /** Each predecessor that fed this run of the node: its output, or the class of its failure (error routes). */
  readonly from: readonly { readonly node: string; readonly output?: string; readonly errorType?: string }[];
}

/** Builds a node's input; overrides the default `Original Task: ...` text. */
export type InputMapper = (inputs: NodeInputs) => Content;

/** A node with its own input mapper and step policy. */
export interface NodeSpec extends StepPolicy {
  readonly participant: Runnable;
  /** The node's input mapper (an edge's or a fan-in group's wins over it). */
  readonly input?: InputMapper;
}

/** An error class an error edge routes (matched with `isInstance` when it has one). */
export type ErrorClass = abstract new (...args: never[]) => unknown;

/**
 * An edge. `from` with several nodes is an explicit fan-in (a group: the
 * target waits for all of them); `to` with several is an explicit fan-out.
 * With `when` it is conditional: among a node's conditional edges at most
 * one may match; the unconditional ones are the fallback (several of them
 * fan out).
 */
export interface GraphEdge {
  readonly from: string | readonly string[];
  readonly to: string | readonly string[];
  /** Takes the edge when true; gets the source's output. */
  readonly when?: (output: string, info: { readonly from: string; readonly task: string }) => boolean;
  /** Shown on the diagram for a conditional edge; default `when`. */
  readonly label?: string;
  /** The target's input when it arrives by this edge (a group's mapper for a fan-in edge). */
  readonly input?: InputMapper;
}

/** Where a node's failure goes: by error class (any, when `on` is absent). Cancellation and deadlines are never routed. */
export interface GraphErrorEdge {
  readonly from: string;
  readonly to: string;
  readonly on?: readonly ErrorClass[];
  readonly input?: InputMapper;
}

/** Options of {@link graph}. */
export interface GraphOptions {
  /** Its name (events, paths); default `graph`. */
  readonly id?: string;
  readonly description?: string;
  readonly nodes: Readonly<Record<string, Runnable | NodeSpec>>;
  readonly start: string;
  readonly finish: string;
  readonly edges?: readonly GraphEdge[];
  readonly errorEdges?: readonly GraphErrorEdge[];
  /** Node runs in one Run, cycles included; default 20. */
  readonly maxSteps?: number;
  /** Nodes running at once; default 8. */
  readonly maxConcurrency?: number;
}

/** One outgoing route of a node, normalized. */
export interface Route {
  readonly from: string;
  readonly to: readonly string[];
  readonly when: GraphEdge['when'];
  readonly label: string | undefined;
  readonly input: InputMapper | undefined;
  /** The sources of an explicit fan-in edge. */
  readonly group: readonly string[] | undefined;
}

/** A checked copy of a graph's options for one Run (or a diagram). */
export interface GraphSnapshot {
  readonly id: string;
  readonly nodes: ReadonlyMap<string, NodeSpec>;
  readonly start: string;
  readonly finish: string;
  /** Outgoing routes by node, in declaration order. */
  readonly routes: ReadonlyMap<string, readonly Route[]>;
  readonly errorRoutes: ReadonlyMap<string, readonly GraphErrorEdge[]>;
  /** Fan-in groups by target. */
  readonly groups: ReadonlyMap<string, readonly string[]>;
  readonly maxSteps: number;
  readonly maxConcurrency: number;
  /** Nodes reachable from each node, filled as asked (`reachableFrom`); kept while the snapshot is reused. */
  readonly reach: Map<string, ReadonlySet<string>>;
  /** The nodes that can reach each node (the reverse), filled as asked (`ancestorsOf`). */
  readonly ancestors: Map<string, ReadonlySet<string>>;
}

const list = (v: string | readonly string[]): readonly string[] => (typeof v === 'string' ? [v] : [...v]);

/** Normalizes the options (no checks: see `graphProblems`). */
export function snapshotGraph(options: GraphOptions): GraphSnapshot {
  const nodes = new Map<string, NodeSpec>();
  for (const [name, n] of Object.entries(options.nodes ?? {})) {
    const spec =
      typeof n === 'object' && n !== null && 'participant' in n
        ? { ...(n as NodeSpec) }
        : { participant: n as Runnable };
    nodes.set(name, spec);
  }
  const routes = new Map<string, Route[]>();
  const groups = new Map<string, readonly string[]>();
  for (const e of options.edges ?? []) {
    const from = list(e.from);
    const to = list(e.to);
    const group = from.length > 1 ? from : undefined;
    if (group) for (const t of to) groups.set(t, group);
    for (const f of from) {
      const route: Route = { from: f, to, when: e.when, label: e.label, input: e.input, group };
      routes.set(f, [...(routes.get(f) ?? []), route]);
    }
  }
  const errorRoutes = new Map<string, GraphErrorEdge[]>();
  for (const e of options.errorEdges ?? [])
    errorRoutes.set(e.from, [...(errorRoutes.get(e.from) ?? []), { ...e }]);
  return {
    id: options.id ?? 'graph',
    nodes,
    start: options.start,
    finish: options.finish,
    routes,
    errorRoutes,
    groups,
    maxSteps: options.maxSteps ?? 20,
    maxConcurrency: options.maxConcurrency ?? 8,
    reach: new Map(),
    ancestors: new Map(),
  };
}
