import { KodamaError } from '../errors/kodama-error.ts';

/** Providers whose APIs carry the system prompt apart and reject a request with no messages. */
const SEPARATE_SYSTEM_FIELD = /^(anthropic|google|gemini|vertex|bedrock|amazon-bedrock)\b/;

/** True when `provider` cannot complete a conversation holding nothing but the system prompt. */
export function needsAMessage(provider: string): boolean {
  return SEPARATE_SYSTEM_FIELD.test(provider);
}

/**
 * A blank first turn on a provider that keeps the system prompt in a separate
 * field (Anthropic, Google, Bedrock): the request would carry no message at
 * all, which those APIs reject. Pass a user message, or inject one first.
 */
export class EmptyTurnError extends KodamaError {
  /** The provider that cannot run the turn. */
  readonly provider: string;

  constructor(provider: string) {
    super(
      `a blank first turn cannot be sent to ${provider}: it needs at least one message besides the system prompt`,
    );
    this.provider = provider;
  }
}
