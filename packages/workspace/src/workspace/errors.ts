const WORKSPACE_ERROR = Symbol.for('kodama.workspace.WorkspaceError');
const PATH_REFUSED = Symbol.for('kodama.workspace.PathRefusedError');
const SANDBOX_UNAVAILABLE = Symbol.for('kodama.workspace.SandboxUnavailableError');

/** The host configured a workspace that cannot work (missing or denied root). Thrown at construction. */
export class WorkspaceError extends Error {
  readonly [WORKSPACE_ERROR] = true;
  override readonly name = 'WorkspaceError';
  /** True for any WorkspaceError, even from a duplicate install of this package. */
  static isInstance(value: unknown): value is WorkspaceError {
    return typeof value === 'object' && value !== null && WORKSPACE_ERROR in value;
  }
}

/**
 * A path a tool was asked to use lies outside the roots or on the denylist.
 * Tools turn it into an `Error: ...` observation; hosts see it only when they
 * call `Workspace.resolve` themselves.
 */
export class PathRefusedError extends Error {
  readonly [PATH_REFUSED] = true;
  override readonly name = 'PathRefusedError';
  /** True for any PathRefusedError, even from a duplicate install of this package. */
  static isInstance(value: unknown): value is PathRefusedError {
    return typeof value === 'object' && value !== null && PATH_REFUSED in value;
  }
}

/** Bubblewrap was requested but cannot start here; nothing was run unsandboxed. */
export class SandboxUnavailableError extends Error {
  readonly [SANDBOX_UNAVAILABLE] = true;
  override readonly name = 'SandboxUnavailableError';
  /** True for any SandboxUnavailableError, even from a duplicate install of this package. */
  static isInstance(value: unknown): value is SandboxUnavailableError {
    return typeof value === 'object' && value !== null && SANDBOX_UNAVAILABLE in value;
  }
}
