import { AssemblyConfigError } from '../errors.ts';
import { type Assembly, assembly } from '../runnable/assembly.ts';
import type { GraphOptions } from './graph-config.ts';
import { snapshotGraph } from './graph-config.ts';
import { toMermaid } from './mermaid.ts';
import { runGraph } from './run-graph.ts';
import { graphProblems } from './validate-graph.ts';

/** A graph: an assembly plus its checks and its diagram. */
export interface Graph extends Assembly {
  /** Every problem of the current definition, one message each; empty when it is valid. */
  validate(): string[];
  /** The current definition as a Mermaid flowchart. */
  toMermaid(): string;
}

/**
 * An assembly where edges decide: from `start`, each node's output is
 * routed by its edges (conditional ones first, at most one matching; the
 * unconditional ones as the fallback, several fanning out) until `finish`
 * answers. Failures follow error edges by error class; fan-ins wait for
 * every branch that can still arrive; cycles run until `maxSteps`.
 *
 * The options object is read again when each Run starts (a snapshot, checked
 * then): editing it affects later Runs only, never a running one.
 *
 * @throws AssemblyConfigError (at definition, and as the failure of a Run
 *   after an edit broke it) listing every problem.
 */
export function graph(options: GraphOptions): Graph {
  const id = options.id ?? 'graph';
  let self: Graph | undefined;
  const checked = () => {
    const snapshot = snapshotGraph({ ...options, id });
    const problems = graphProblems(snapshot, self);
    if (problems.length > 0) throw new AssemblyConfigError(`graph ${id}`, problems);
    return snapshot;
  };
  checked();
  self = assembly(
    {
      kind: 'graph',
      id,
      ...(options.description ? { description: options.description } : {}),
      participants: () =>
        Object.values(options.nodes).map((n) =>
          typeof n === 'object' && n !== null && 'participant' in n ? n.participant : n,
        ),
      prepare: () => {
        const snapshot = checked();
        return (scope) => runGraph(snapshot, scope);
      },
    },
    {
      validate: () => graphProblems(snapshotGraph({ ...options, id }), self),
      toMermaid: () => toMermaid(snapshotGraph({ ...options, id })),
    },
  );
  return self;
}
