/** A yes/no question a served tool needs answered before it acts (run a command, overwrite a file). */
export interface ConfirmQuestion {
  /** One line: what will happen. */
  readonly title: string;
  /** The payload (a command), possibly several lines. */
  readonly detail: string;
  /** The asking tool (`bash`, `write`), when the tool says. */
  readonly tool?: string;
}

/**
 * Answers a served tool's confirmation; resolves true only for an explicit
 * yes. Contract: the answer comes from the policy the person who started the
 * server chose (see {@link remotePolicy}), never from the MCP client: the
 * client is the caller, and a caller cannot approve its own call.
 */
export type ElicitConfirm = (question: ConfirmQuestion, signal?: AbortSignal) => Promise<boolean>;

/** Refuses every confirmation: the default for calls from a remote client. */
export const refuseRemote: ElicitConfirm = async () => false;

/**
 * The start-up policy for remote callers: a confirmation of a tool in
 * `allowed` is answered yes, every other one no. Nobody is asked.
 */
export function remotePolicy(allowed: readonly string[]): ElicitConfirm {
  const names = new Set(allowed);
  return async (question) => question.tool !== undefined && names.has(question.tool);
}
