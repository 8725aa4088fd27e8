/** No sandbox: commands see what the user running kodama sees (the default; the confirmer is the guard). */
export interface NoSandbox {
  readonly kind: 'none';
}

import type { ResourceLimits } from './resource-limits.ts';

/**
 * Bubblewrap (Debian package `bubblewrap`): system directories read-only, the
 * writable roots writable except their `.git` and `.kodama` (read-only), the
 * other readable roots read-only, a private `/tmp` (the workspace scratch
 * dir), synthetic `/proc` and `/dev`, only a baseline of `/etc`, nothing else
 * of the host (no home directory), no capabilities (also when kodama runs as
 * root), and resource limits set by `prlimit` (util-linux).
 */
export interface BubblewrapSandbox {
  readonly kind: 'bubblewrap';
  /** Let commands reach the network (default false: `--unshare-net`, so bash has no egress). */
  readonly network?: boolean;
  /** The bwrap executable (default `bwrap` on PATH). */
  readonly bwrapPath?: string;
  /** More host paths mounted read-only at the same place (e.g. a toolchain under the home dir). */
  readonly extraReadOnly?: readonly string[];
  /** Per-command resource limits; each one left out takes its `DEFAULT_RESOURCE_LIMITS` value. */
  readonly limits?: ResourceLimits;
}

/** Which sandbox bash commands run in. */
export type SandboxOptions = NoSandbox | BubblewrapSandbox;

/** The default: no sandbox. */
export const NO_SANDBOX: NoSandbox = Object.freeze({ kind: 'none' });
