// Resource limits for commands under bubblewrap. bwrap has no rlimit flag, so
// the command is started through util-linux's `prlimit` inside the sandbox
// (`prlimit --nproc=… --cpu=… --fsize=… --as=… -- bash -c …`): the limits are
// set on the command and inherited by everything it starts, and never on
// kodama itself. `prlimit` rather than `sh -c 'ulimit …'`: dash and bash
// spell the process limit differently (`-p` / `-u`), prlimit takes bytes.
import { InvalidOptionError } from '@kodama/core';

/** A limit: a positive whole number, or `'unlimited'` to leave that resource unbounded. */
export type Limit = number | 'unlimited';

/** The rlimits of a sandboxed command (see {@link DEFAULT_RESOURCE_LIMITS} for the defaults). */
export interface ResourceLimits {
  /**
   * Processes and threads at once (RLIMIT_NPROC), counted inside the
   * sandbox's user namespace. The kernel exempts processes of the host's root
   * user from this limit, so when kodama runs as root it bounds nothing.
   */
  readonly processes?: Limit;
  /** CPU seconds per process (RLIMIT_CPU); past it the process is killed. */
  readonly cpuSeconds?: Limit;
  /** Largest file a process may write, in bytes (RLIMIT_FSIZE); a write past it fails with SIGXFSZ. */
  readonly fileSizeBytes?: Limit;
  /** Virtual address space per process, in bytes (RLIMIT_AS); an allocation past it fails. */
  readonly addressSpaceBytes?: Limit;
}

const GiB = 1024 ** 3;

/**
 * The defaults, roomy enough for builds, test suites and package managers:
 * 1024 processes, 1800 CPU seconds per process (three times bash's longest
 * timeout on one core), files up to 8 GiB, 16 GiB of address space per
 * process (Node and the JVM reserve far more than they use; a browser reserves
 * terabytes, so give Chromium `addressSpaceBytes: 'unlimited'`).
 */
export const DEFAULT_RESOURCE_LIMITS: Readonly<Required<ResourceLimits>> = Object.freeze({
  processes: 1024,
  cpuSeconds: 1800,
  fileSizeBytes: 8 * GiB,
  addressSpaceBytes: 16 * GiB,
});

/** Each option and the prlimit flag that sets it. */
const FLAGS: readonly (readonly [keyof ResourceLimits, string])[] = [
  ['processes', '--nproc'],
  ['cpuSeconds', '--cpu'],
  ['fileSizeBytes', '--fsize'],
  ['addressSpaceBytes', '--as'],
];

/**
 * The `prlimit … --` prefix for a command, with the defaults filled in.
 *
 * @throws InvalidOptionError when a limit is not a positive whole number or `'unlimited'`.
 */
export function prlimitPrefix(limits: ResourceLimits = {}): string[] {
  const argv = ['prlimit'];
  for (const [key, flag] of FLAGS) {
    const value = limits[key] ?? DEFAULT_RESOURCE_LIMITS[key];
    if (value !== 'unlimited' && !(Number.isSafeInteger(value) && value > 0)) {
      throw new InvalidOptionError(
        `BubblewrapSandbox.limits.${key}`,
        "a positive whole number, or 'unlimited'",
        value,
      );
    }
    argv.push(`${flag}=${value}`);
  }
  argv.push('--');
  return argv;
}
