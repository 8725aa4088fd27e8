import { KodamaError, type Model } from '@kodama/core';

/**
 * A kind of sub-agent the `agent` tool can start: who it is, which of the
 * parent's tools it may use, its own system prompt and step budget.
 */
export interface Persona {
  /** What the model passes as the `agent` tool's `name` (lower case: `researcher`, `file_miner`). */
  readonly name: string;
  /** One line for the `<available_agents>` block: what to delegate to it. */
  readonly description: string;
  /**
   * Tools the sub-agent gets, by name, drawn from the parent's tools and its
   * sub-agent-only pool (the same instances). `agent` lets it start sub-agents
   * of its own, within the depth limit.
   */
  readonly toolNames: readonly string[];
  /** Replaces the parent's system prompt entirely. */
  readonly systemPrompt: string;
  /** The sub-agent's tool-call budget per task. */
  readonly maxSteps: number;
  /** The model it runs on; default: the parent's current model. */
  readonly model?: Model;
}

/** A persona that cannot be defined: a bad field, no persona at all, two with one name. */
export class PersonaError extends KodamaError {}

/** Persona names: what tool-call arguments and sub-agent ids can carry. */
export const PERSONA_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;

/**
 * Checks a persona's fields and freezes it.
 *
 * @throws PersonaError naming the persona and the field.
 */
export function definePersona(persona: Persona): Persona {
  const label = typeof persona?.name === 'string' ? `persona "${persona.name}"` : 'a persona';
  const fail = (problem: string): never => {
    throw new PersonaError(`${label}: ${problem}`);
  };
  if (typeof persona?.name !== 'string' || !PERSONA_NAME_PATTERN.test(persona.name))
    fail('name must be 1-64 characters of a-z, 0-9, _ or -, starting with a letter');
  if (typeof persona.description !== 'string' || persona.description.trim() === '')
    fail('description must be a non-empty string');
  if (!Array.isArray(persona.toolNames) || !persona.toolNames.every((t) => typeof t === 'string'))
    fail('toolNames must be an array of tool names');
  if (new Set(persona.toolNames).size !== persona.toolNames.length) fail('toolNames lists a tool twice');
  if (typeof persona.systemPrompt !== 'string' || persona.systemPrompt.trim() === '')
    fail('systemPrompt must be a non-empty string');
  if (!Number.isSafeInteger(persona.maxSteps) || persona.maxSteps < 1)
    fail(`maxSteps must be a positive integer, got ${String(persona.maxSteps)}`);
  return Object.freeze({ ...persona, toolNames: Object.freeze([...persona.toolNames]) });
}
