import { KodamaError } from '@kodama/core';

/** The host configured a workspace that cannot work (missing or denied root). Thrown at construction. */
export class WorkspaceError extends KodamaError {}

/**
 * A path a tool was asked to use lies outside the roots or on the denylist.
 * Tools turn it into an `Error: ...` observation; hosts see it only when they
 * call `Workspace.resolve` themselves.
 */
export class PathRefusedError extends KodamaError {}

/** Bubblewrap was requested but cannot start here; nothing was run unsandboxed. */
export class SandboxUnavailableError extends KodamaError {}
