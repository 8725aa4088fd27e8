import { KodamaError } from '../errors/kodama-error.ts';

/** How an agent is named in messages: the main agent's id is ''. */
export function agentName(agentId: string): string {
  return agentId === '' ? 'the main agent' : `agent "${agentId}"`;
}

/**
 * `turn` (or `clearConversation`, `loadHistory`) was called while a turn of the
 * same agent was in flight. One turn at a time per agent: queue mid-turn input
 * with an Interloper, or await the running turn first.
 */
export class TurnInProgressError extends KodamaError {
  constructor(agentId: string, action: string) {
    super(`${agentName(agentId)}: cannot ${action} while a turn is in flight; await it or use an Interloper`);
  }
}

/** The agent was closed; it runs no more turns. */
export class AgentClosedError extends KodamaError {
  constructor(agentId: string) {
    super(`${agentName(agentId)} is closed`);
  }
}
