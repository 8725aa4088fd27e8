import { AssemblyConfigError } from '../errors.ts';
import { type Assembly, assembly } from '../runnable/assembly.ts';
import { type GraphOptions, type GraphSnapshot, snapshotGraph } from './graph-config.ts';
import { toMermaid } from './mermaid.ts';
import { runGraph } from './run-graph.ts';
import { sameGraph } from './same-graph.ts';
import { containmentProblems, graphProblems } from './validate-graph.ts';

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
  let last: GraphSnapshot | undefined;
  const checked = () => {
    const snapshot = snapshotGraph({ ...options, id });
    // Unedited since the last Run: reuse its checked snapshot. Only containment is
    // checked again, since a participant assembly may have been edited to hold this graph.
    if (last && sameGraph(snapshot, last)) {
      const looped = containmentProblems(last, self);
      if (looped.length > 0) throw new AssemblyConfigError(`graph ${id}`, looped);
      return last;
    }
    const problems = graphProblems(snapshot, self);
    if (problems.length > 0) throw new AssemblyConfigError(`graph ${id}`, problems);
    last = snapshot;
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
