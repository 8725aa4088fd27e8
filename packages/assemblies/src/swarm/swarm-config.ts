import { type Agent, isRunnable } from '@kodama/core';
import { AssemblyConfigError } from '../errors.ts';

/** What a swarm member must be: an agent (it gets the handoff tool while it is active). */
export type SwarmMember = Pick<
  Agent,
  'id' | 'ask' | 'stream' | 'createRun' | 'asTool' | 'addTool' | 'removeTool'
>;

/** Options of {@link swarm}. */
export interface SwarmOptions {
  /** Its name (events, paths); default `swarm`. */
  readonly id?: string;
  readonly description?: string;
  /** The members by name (at least two). */
  readonly members: Readonly<Record<string, SwarmMember>>;
  /** Who takes the input first. */
  readonly start: string;
  /** Who may hand off to whom; absent: everyone to everyone. A member without an entry is terminal. */
  readonly handoffs?: Readonly<Record<string, readonly string[]>>;
  /** Member turns in one Run (the start counts); default 20. */
  readonly maxSteps?: number;
  /** How often one handoff (from → to) may happen in one Run; default 3. */
  readonly maxHandoffRepeats?: number;
  /** Give members the Run's conversation; default false (each starts empty). */
  readonly shareHistory?: boolean;
  /** Give members the Run's context; default false. */
  readonly shareContext?: boolean;
}

/** A checked snapshot of a swarm's options, taken when a Run starts. */
export interface SwarmSnapshot {
  readonly members: ReadonlyMap<string, SwarmMember>;
  readonly start: string;
  readonly targets: ReadonlyMap<string, readonly string[]>;
  readonly maxSteps: number;
  readonly maxHandoffRepeats: number;
  readonly shareHistory: boolean;
  readonly shareContext: boolean;
}

/**
 * Checks and copies swarm options: at least two members, each an agent;
 * the start declared; handoff sources and targets declared; no member
 * handing off to itself; positive limits. Every problem is listed.
 *
 * @throws AssemblyConfigError listing the problems.
 */
export function snapshotSwarm(id: string, options: SwarmOptions): SwarmSnapshot {
  const problems: string[] = [];
  const members = new Map(Object.entries(options.members ?? {}));
  if (members.size < 2) problems.push(`it needs at least two members, got ${members.size}`);
  for (const [name, m] of members) {
    if (!isRunnable(m) || typeof (m as Partial<SwarmMember>).addTool !== 'function')
      problems.push(`member ${name} must be an agent (it gets the handoff tool while active)`);
  }
  if (!members.has(options.start)) problems.push(`start ${JSON.stringify(options.start)} is not a member`);
  const targets = new Map<string, readonly string[]>();
  if (options.handoffs === undefined) {
    for (const name of members.keys())
      targets.set(
        name,
        [...members.keys()].filter((n) => n !== name),
      );
  } else {
    for (const [from, to] of Object.entries(options.handoffs)) {
      if (!members.has(from)) problems.push(`handoffs from ${from}: ${from} is not a member`);
      for (const t of to) {
        if (!members.has(t)) problems.push(`handoff ${from} -> ${t}: ${t} is not a member`);
        if (t === from) problems.push(`handoff ${from} -> ${t}: a member cannot hand off to itself`);
      }
      targets.set(from, [...new Set(to)]);
    }
  }
  const maxSteps = options.maxSteps ?? 20;
  const maxHandoffRepeats = options.maxHandoffRepeats ?? 3;
  if (!(Number.isInteger(maxSteps) && maxSteps >= 1))
    problems.push(`maxSteps must be an integer of 1 or more, got ${maxSteps}`);
  if (!(Number.isInteger(maxHandoffRepeats) && maxHandoffRepeats >= 1))
    problems.push(`maxHandoffRepeats must be an integer of 1 or more, got ${maxHandoffRepeats}`);
  if (problems.length > 0) throw new AssemblyConfigError(`swarm ${id}`, problems);
  return {
    members,
    start: options.start,
    targets,
    maxSteps,
    maxHandoffRepeats,
    shareHistory: options.shareHistory === true,
    shareContext: options.shareContext === true,
  };
}
