import { KodamaError } from '@kodama/core';

/** An assembly's definition is wrong (a swarm without a start, a graph containing itself); the message lists every problem. */
export class AssemblyConfigError extends KodamaError {
  /** One line per problem. */
  readonly problems: readonly string[];

  constructor(what: string, problems: readonly string[]) {
    super(`${what} is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    this.problems = Object.freeze([...problems]);
  }
}

/** Code driving an assembly broke its protocol (a workflow returning something other than an unstarted invocation). */
export class AssemblyProtocolError extends KodamaError {}

/** One attempt of a step ran past its own `timeout` (not the Run's deadline, which ends the Run partial). */
export class StepTimeoutError extends KodamaError {
  readonly participant: string;
  readonly timeoutMs: number;

  constructor(participant: string, timeoutMs: number) {
    super(`step ${participant} timed out after ${timeoutMs} ms`);
    this.participant = participant;
    this.timeoutMs = timeoutMs;
  }
}

/** A graph could not choose where to go: two conditional edges matched, or none did and there is no fallback. */
export class GraphRoutingError extends KodamaError {}

/** An assembly took more steps than its `maxSteps` (a graph's cycle, a swarm's handoffs). */
export class AssemblyStepLimitError extends KodamaError {
  readonly maxSteps: number;

  constructor(what: string, maxSteps: number) {
    super(`${what} reached its step limit (maxSteps ${maxSteps})`);
    this.maxSteps = maxSteps;
  }
}

/** A swarm handoff repeated more than `maxHandoffRepeats` times. */
export class HandoffLoopError extends KodamaError {
  readonly from: string;
  readonly to: string;

  constructor(from: string, to: string, count: number, limit: number) {
    super(`the handoff ${from} -> ${to} happened ${count} times (maxHandoffRepeats ${limit})`);
    this.from = from;
    this.to = to;
  }
}
