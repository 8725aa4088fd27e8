import { UnknownToolError } from '@kodama/core/tool';
import { UsageError } from './parse-support.ts';
import { ProjectTrustError } from './project-trust.ts';

/**
 * A flag combination kodama cannot build an assistant from; the message says
 * why, and `usage` whether it is the command line's fault (exit 2) or not.
 */
export class AssistantSetupError extends Error {
  override readonly name = 'AssistantSetupError';

  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
  }
}

/** A persona file or persona the user pointed at: the command line's to fix. */
function isFileProblem(error: unknown): boolean {
  const name = (error as { name?: unknown })?.name;
  return name === 'PersonaFileError' || name === 'PersonaError' || name === 'ModelTargetError';
}

/**
 * `error` as an {@link AssistantSetupError}: a usage problem (exit 2) for an
 * unknown tool, a bad flag, an untrusted folder nobody could decide on, a
 * persona or model target the user gave; any other problem (a malformed
 * configuration file, a sandbox that cannot start) is not the command line's.
 */
export function setupError(error: unknown): AssistantSetupError {
  if (error instanceof AssistantSetupError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const usage =
    UnknownToolError.isInstance(error) ||
    error instanceof UsageError ||
    error instanceof ProjectTrustError ||
    isFileProblem(error);
  return new AssistantSetupError(message, usage);
}
