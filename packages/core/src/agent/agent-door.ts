// `agent.turn` as a thin adapter over the one plane: a turn is a Run of the
// agent's turn loop, its error rethrown. The Run drives the loop through the
// agent's door: the agent as its Runs see it, with `turn` the loop itself
// (the public `turn` is the adapter, so it cannot be what the Run calls).

import type { Interloper } from '../controls/interloper.ts';
import type { History } from '../history/history.ts';
import type { Clock } from '../ids/clock.ts';
import type { Listener } from '../listeners/listener.ts';
import type { Content } from '../messages/content.ts';
import type { Model } from '../model/model.ts';
import type { RunnableAgent } from '../run/agent-body.ts';
import { Run } from '../run/run.ts';
import type { Agent } from './agent.ts';
import type { TurnOptions } from './agent-options.ts';

/** The agent as its Runs see it, with `turn` the loop itself. One per agent, so its Runs queue on it. */
export class AgentDoor implements RunnableAgent {
  readonly #agent: Agent;
  readonly turn: RunnableAgent['turn'];

  constructor(agent: Agent, turn: RunnableAgent['turn']) {
    this.#agent = agent;
    this.turn = turn;
  }

  get id(): string {
    return this.#agent.id;
  }

  get model(): Model {
    return this.#agent.model;
  }

  subscribe(listener: Listener): () => void {
    return this.#agent.subscribe(listener);
  }

  loadHistory(history: History): number {
    return this.#agent.loadHistory(history);
  }

  exportHistory(): History {
    return this.#agent.exportHistory();
  }
}

let turnRuns = 0;

/**
 * Runs one turn as a Run of the agent (through its door) and answers as
 * `turn` always has: the response, or the Run's error thrown. The Run's id is
 * not drawn from the agent's id source, so a turn's ids (and a durable
 * replay's idempotency keys) stay what they were.
 */
export async function turnAsRun(
  door: RunnableAgent,
  input: Content | undefined,
  options: TurnOptions,
  agentQueue: Interloper | undefined,
  clock: Clock,
): Promise<string> {
  const id = `turn-run-${++turnRuns}`;
  // The turn's queue is its own or the agent's, never the Run's inbox (nothing can interject into it).
  const turnOptions: TurnOptions = { ...options, interloper: options.interloper ?? agentQueue };
  const run = await new Run({ id, agent: door, input, options: {}, clock, turnOptions }).execute();
  if (run.completed) return run.response;
  throw run.error;
}
