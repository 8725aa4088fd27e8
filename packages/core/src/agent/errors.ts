const IN_PROGRESS = Symbol.for('kodama.TurnInProgressError');
const CLOSED = Symbol.for('kodama.AgentClosedError');

/** How an agent is named in messages: the main agent's id is ''. */
function agentName(agentId: string): string {
  return agentId === '' ? 'the main agent' : `agent "${agentId}"`;
}

/**
 * `run` (or `clearConversation`, `loadHistory`) was called while a turn of the
 * same agent was in flight. One turn at a time per agent: queue mid-turn input
 * with an Interloper, or await the running turn first.
 */
export class TurnInProgressError extends Error {
  protected readonly [IN_PROGRESS] = true;

  constructor(agentId: string, action: string) {
    super(`${agentName(agentId)}: cannot ${action} while a turn is in flight; await it or use an Interloper`);
    this.name = 'TurnInProgressError';
  }

  /** True for any TurnInProgressError, including copies from another install. */
  static isInstance(value: unknown): value is TurnInProgressError {
    return typeof value === 'object' && value !== null && IN_PROGRESS in value;
  }
}

/** The agent was closed; it runs no more turns. */
export class AgentClosedError extends Error {
  protected readonly [CLOSED] = true;

  constructor(agentId: string) {
    super(`${agentName(agentId)} is closed`);
    this.name = 'AgentClosedError';
  }

  /** True for any AgentClosedError, including copies from another install. */
  static isInstance(value: unknown): value is AgentClosedError {
    return typeof value === 'object' && value !== null && CLOSED in value;
  }
}
