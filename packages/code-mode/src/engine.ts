import type { CodeModeLimits } from './limits.ts';

/** What a program can reach of the host: the broker's calls and the output. */
export interface ProgramHost {
  /**
   * Calls the catalog tool `name` (its real name, not its identifier);
   * resolves with the result as a value, rejects with an `Error` the guest
   * receives as a thrown one.
   */
  call(name: string, args: unknown): Promise<unknown>;
  /** Appends text to the program's output (what `text(...)` passes). */
  text(chunk: string): void;
}

/** How a program ended. */
export type ProgramEnd =
  | { readonly status: 'completed'; readonly value: unknown }
  | { readonly status: 'error'; readonly error: string }
  | { readonly status: 'terminated'; readonly reason: string };

/** A running program. */
export interface ProgramHandle {
  /** Settles once the program ended (never rejects). */
  readonly done: Promise<ProgramEnd>;
  /** Stops the program at once; `done` settles as `terminated` with `reason`. Idempotent. */
  terminate(reason: string): void;
}

/** What an engine is given to start one program. */
export interface ProgramSpec {
  readonly source: string;
  /** Each catalog tool's name and its identifier in `tools.*`. */
  readonly catalog: ReadonlyMap<string, string>;
  readonly host: ProgramHost;
  readonly limits: CodeModeLimits;
}

/**
 * A JavaScript engine that runs programs in isolation: no filesystem,
 * network, process or timers, only `tools.*` and `text` from the host.
 * The default is {@link quickjsEngine}.
 */
export interface CodeEngine {
  /** Shown in the exec tool's description. */
  readonly name: string;
  /** Starts one program in a fresh context. Enforces the memory and CPU limits itself. */
  start(spec: ProgramSpec): Promise<ProgramHandle>;
}
