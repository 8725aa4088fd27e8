import type { Confirmer } from '../confirm/confirmer.ts';
import type { SandboxOptions } from '../sandbox/sandbox-options.ts';

/** How {@link workspaceTools} builds the six tools. */
export interface WorkspaceToolsOptions {
  /** Asks before bash runs a command and before write overwrites a file. Required: pick one on purpose. */
  readonly confirmer: Confirmer;
  /** Where bash commands run (default `{ kind: 'none' }`). */
  readonly sandbox?: SandboxOptions;
  /**
   * Base environment for bash (default `process.env`). Only names on
   * `envAllowlist` pass; HOME is the scratch dir unless given here;
   * `BASH_ENV` and `ENV` are always removed.
   */
  readonly env?: NodeJS.ProcessEnv;
  /** Environment variable names bash gets (default `DEFAULT_ENV_ALLOWLIST`; `X*` is a prefix). */
  readonly envAllowlist?: readonly string[];
  /** A ripgrep binary to use instead of discovering one. */
  readonly ripgrepPath?: string;
  /** bash timeout when the model gives none, in seconds (default 120). */
  readonly bashDefaultTimeoutSeconds?: number;
  /** Largest bash timeout the model may ask for, in seconds (default 600). */
  readonly bashMaxTimeoutSeconds?: number;
}
