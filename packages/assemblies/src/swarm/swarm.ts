import { type Content, History } from '@kodama/core';
import { AssemblyStepLimitError, HandoffLoopError } from '../errors.ts';
import { type Assembly, type AssemblyOutcome, assembly } from '../runnable/assembly.ts';
import { runStep } from '../steps/run-step.ts';
import type { AssemblyScope } from '../steps/scope.ts';
import { HANDOFF_TOOL, type Handoff, handoffTool } from './handoff-tool.ts';
import { type SwarmOptions, type SwarmSnapshot, snapshotSwarm } from './swarm-config.ts';

/**
 * An assembly where agents hand off: the start member takes the input; a
 * member with allowed targets gets a `handoff_to_agent` tool while active,
 * and calling it ends its turn and gives the next member
 * `Handoff from <from>:\n<message>` (plus the context as JSON). The first
 * member that answers without handing off gives the Run's response; its
 * events are the public stream (members' events are buffered until it is
 * known who answers). Members start from an empty conversation and no
 * context unless `shareHistory` / `shareContext`. `maxSteps` and
 * `maxHandoffRepeats` raise typed errors after an `assembly-handoff-loop` event.
 *
 * The options are checked when a Run starts, from a snapshot: later edits
 * to them affect later Runs only.
 *
 * @throws AssemblyConfigError (from each Run, as its failure) listing every problem.
 */
export function swarm(options: SwarmOptions): Assembly {
  const id = options.id ?? 'swarm';
  snapshotSwarm(id, options); // fail at definition time too, where the mistake is made
  return assembly({
    kind: 'swarm',
    id,
    ...(options.description ? { description: options.description } : {}),
    participants: () => Object.values(options.members),
    prepare: () => {
      const snapshot = snapshotSwarm(id, {
        ...options,
        members: { ...options.members },
        ...(options.handoffs ? { handoffs: { ...options.handoffs } } : {}),
      });
      return (scope) => runSwarm(snapshot, scope);
    },
  });
}

async function runSwarm(swarm: SwarmSnapshot, scope: AssemblyScope): Promise<AssemblyOutcome> {
  const counts = new Map<string, number>();
  let current = swarm.start;
  let input: Content = scope.ctx.input ?? '';
  let previous: string | undefined;
  for (let step = 1; ; step++) {
    const member = swarm.members.get(current)!;
    const targets = swarm.targets.get(current) ?? [];
    let handoff: Handoff | undefined;
    const stop = new AbortController();
    const tool = targets.length > 0 ? handoffTool(targets, (h) => (handoff ??= h)) : undefined;
    if (tool) member.addTool(tool);
    let result: Awaited<ReturnType<typeof runStep>>;
    try {
      result = await runStep(scope, {
        participant: member,
        name: current,
        input,
        history: swarm.shareHistory ? scope.history : new History([]),
        ...(swarm.shareContext ? { context: scope.context } : {}),
        visibility: 'buffer',
        ...(previous ? { predecessors: [previous] } : {}),
        signal: stop.signal,
        // The handoff's result is recorded: end the member's turn before it asks the model again.
        watch: (event) => {
          if (handoff && event.type === 'tool-result' && event.name === HANDOFF_TOOL) stop.abort('handoff');
        },
        stoppedOutput: () => handoff?.message,
      });
    } finally {
      if (tool) member.removeTool(HANDOFF_TOOL);
    }
    if (!handoff) {
      result.router.publish();
      return { response: result.output, ...(result.run.history ? { history: result.run.history } : {}) };
    }
    result.router.demote();
    const next: Handoff = handoff;
    const key = `${current}\u0000${next.to}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > swarm.maxHandoffRepeats || step + 1 > swarm.maxSteps) {
      scope.emit({ type: 'assembly-handoff-loop', from: current, to: next.to, count });
      if (count > swarm.maxHandoffRepeats)
        throw new HandoffLoopError(current, next.to, count, swarm.maxHandoffRepeats);
      throw new AssemblyStepLimitError(`swarm ${scope.id}`, swarm.maxSteps);
    }
    scope.transition([current], [next.to]);
    input = handoffInput(current, next);
    previous = result.stepId;
    current = next.to;
  }
}

/** What the next member reads. */
export function handoffInput(from: string, handoff: Handoff): string {
  const base = `Handoff from ${from}:\n${handoff.message}`;
  return handoff.context === undefined
    ? base
    : `${base}\n\nContext:\n${JSON.stringify(handoff.context, null, 2)}`;
}
