/**
 * What one code-mode session allows a program. Every limit is enforced by
 * the sandbox or the broker, never by asking the program to behave.
 */
export interface CodeModeLimits {
  /** Largest program source, in UTF-16 code units; default 1,000,000. */
  readonly sourceChars: number;
  /** Most output (`text(...)` plus the final value), in characters; default 1,000,000. */
  readonly outputChars: number;
  /** Most memory the program's heap may use, in bytes; default 64 MiB. */
  readonly memoryBytes: number;
  /** Most time the program may spend running (not awaiting tools), in ms; default 10,000. */
  readonly cpuMs: number;
  /** Most time from `exec` to the program's end, awaits included, in ms; default 3,600,000. */
  readonly wallMs: number;
  /** Most tool calls one program may make; default 1,000. */
  readonly toolCalls: number;
  /** Most tool calls in flight at once (what `tools.parallel` runs side by side); default 8. */
  readonly concurrency: number;
  /** Most programs one agent session may run (`exec` calls); default 100. */
  readonly programs: number;
  /** How long `exec` and `wait` watch a program before answering `still_working`, in ms; default 60,000. */
  readonly observeMs: number;
}

/** The defaults, from the reference design's (LittleGhost's Ruby engine), with more programs per session. */
export const DEFAULT_LIMITS: CodeModeLimits = Object.freeze({
  sourceChars: 1_000_000,
  outputChars: 1_000_000,
  memoryBytes: 64 * 1024 * 1024,
  cpuMs: 10_000,
  wallMs: 3_600_000,
  toolCalls: 1_000,
  concurrency: 8,
  programs: 100,
  observeMs: 60_000,
});

/**
 * The defaults overridden by `partial`.
 * @throws TypeError when a given limit is not a positive number.
 */
export function resolveLimits(partial: Partial<CodeModeLimits> = {}): CodeModeLimits {
  const limits = { ...DEFAULT_LIMITS, ...partial };
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || !(value > 0))
      throw new TypeError(`codeMode: limits.${key} must be a positive number, got ${String(value)}`);
  }
  return Object.freeze(limits);
}
