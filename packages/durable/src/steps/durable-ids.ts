import { type IdKind, type IdSource, RANDOM_IDS } from '@kodama/core/ids';
import { insideStep, runContext } from './run-context.ts';

/**
 * The {@link IdSource} of agents that run durably: inside a durable run,
 * `<run id>:<kind>-<n>` counted per run, so a replay draws the same turn and
 * message ids and tools see the same idempotency keys (`<turn id>:<call id>`);
 * outside one (or inside a step), random UUIDs like the default.
 */
export const durableIds: IdSource = Object.freeze({
  next(kind: IdKind): string {
    const ctx = runContext.getStore();
    // Inside a step (a sub-agent in a tool call) nothing replays: the step's result is recorded whole.
    if (!ctx || insideStep.getStore()) return RANDOM_IDS.next(kind);
    return `${ctx.runId}:${kind}-${++ctx.counters[kind]}`;
  },
});
