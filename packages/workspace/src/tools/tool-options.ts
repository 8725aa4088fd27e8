import type { Confirmer } from '../confirm/confirmer.ts';
import type { SandboxOptions } from '../sandbox/sandbox-options.ts';
import type { BashToolOptions } from './bash.ts';

/** How {@link workspaceTools} and the registry build the tools. */
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
  /** bash emits its output as it arrives (`tool-output` domain events) for a live view. Default false. */
  readonly bashStreamOutput?: boolean;
  /**
   * The text `read` shows of a text file, given its real path once every
   * check passed (inside the roots, no credential file, a regular text file
   * on disk): an editor's buffer, unsaved changes included. `undefined`: the
   * file on disk is read. Default: always the disk.
   */
  readonly readText?: (realPath: string) => Promise<string | undefined>;
}

/** The bash tool's options, from the options of the whole set. */
export function bashToolOptions(options: WorkspaceToolsOptions): BashToolOptions {
  return {
    confirmer: options.confirmer,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.envAllowlist ? { envAllowlist: options.envAllowlist } : {}),
    ...(options.bashDefaultTimeoutSeconds
      ? { defaultTimeoutSeconds: options.bashDefaultTimeoutSeconds }
      : {}),
    ...(options.bashMaxTimeoutSeconds ? { maxTimeoutSeconds: options.bashMaxTimeoutSeconds } : {}),
    ...(options.bashStreamOutput ? { streamOutput: true } : {}),
  };
}

/** The ripgrep options of grep and glob, from the options of the whole set. */
export function ripgrepOptions(options: WorkspaceToolsOptions): { readonly ripgrepPath?: string } {
  return options.ripgrepPath !== undefined ? { ripgrepPath: options.ripgrepPath } : {};
}
