import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** A yes/no question put to the person behind the MCP client. */
export interface ConfirmQuestion {
  /** One line: what will happen. */
  readonly title: string;
  /** The payload (a command), possibly several lines. */
  readonly detail: string;
}

/** Asks the client's user; resolves true only for an explicit yes. */
export type ElicitConfirm = (question: ConfirmQuestion, signal?: AbortSignal) => Promise<boolean>;

/**
 * A confirmation answered by MCP elicitation: the client shows the question
 * and an "approve" checkbox. A client that does not declare the elicitation
 * capability, declines, cancels or fails gets `false`: the action is refused.
 */
export function elicitConfirm(server: Server): ElicitConfirm {
  return async (question, signal) => {
    if (!server.getClientCapabilities()?.elicitation) return false;
    try {
      const result = await server.elicitInput(
        {
          mode: 'form',
          message: question.detail === '' ? question.title : `${question.title}\n\n${question.detail}`,
          requestedSchema: {
            type: 'object',
            properties: {
              approve: { type: 'boolean', title: 'Approve', description: 'Let kodama go ahead' },
            },
            required: ['approve'],
          },
        },
        signal ? { signal } : {},
      );
      return result.action === 'accept' && result.content?.approve === true;
    } catch {
      return false;
    }
  };
}
