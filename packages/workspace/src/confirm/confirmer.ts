import type { SanitizeWarning } from './sanitize.ts';

/**
 * What a tool asks a person to approve. Built by the tools, already
 * sanitized: a confirmer can show `title` and `detail` as they are.
 */
export interface ConfirmRequest {
  /** The asking tool (`bash`, `write`). */
  readonly tool: string;
  /** One line: what will happen, e.g. `run a shell command in /repo` or `overwrite a.ts: 10 → 20 bytes?`. */
  readonly title: string;
  /** The sanitized payload (the command), possibly several lines; '' when the title says it all. */
  readonly detail: string;
  /** Hidden content found while sanitizing; a prompt should point these out. */
  readonly warnings: readonly SanitizeWarning[];
}

/**
 * Decides whether a tool may go ahead. Contract: resolve `true` only for an
 * explicit yes; resolve `false` (never throw) for no, for no answer, and when
 * `signal` aborts. Requests may arrive concurrently; implementations queue them.
 */
export interface Confirmer {
  /**
   * True when a person sees each request before anything runs. Decides the
   * egress leg of bash: `reviewed` instead of `unreviewed`.
   */
  readonly reviewed: boolean;
  /** Asks; see the interface contract. */
  confirm(request: ConfirmRequest, signal?: AbortSignal): Promise<boolean>;
}

/** Approves everything without asking (the CLI's `--yes`). Egress through bash is then unreviewed. */
export const autoApprove: Confirmer = Object.freeze({
  reviewed: false,
  confirm: async () => true,
});

/** Declines everything: bash never runs, overwrites never happen. The safe default with no terminal. */
export const alwaysDecline: Confirmer = Object.freeze({
  reviewed: true,
  confirm: async () => false,
});
