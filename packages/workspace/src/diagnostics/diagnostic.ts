import { relative } from 'node:path';

/** One problem a checker found in a file (1-based line and column). */
export interface Diagnostic {
  /** The file's absolute path. */
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning';
  /** The checker's code for it (`TS2322`), when it has one. */
  readonly code?: string;
  readonly message: string;
}

/** What a checker found for the files it was given; `note` says why it found nothing it could trust (a timeout). */
export interface CheckResult {
  readonly diagnostics: readonly Diagnostic[];
  readonly note?: string;
}

/** A file as it is after an edit. */
export interface CheckedFile {
  /** Absolute, real path. */
  readonly path: string;
  readonly text: string;
}

/**
 * Something that checks files after the agent changed them: a language
 * server kept running for the session, or a check command run each time.
 * One owner closes it (the agent's close, see `withDiagnostics`).
 */
export interface DiagnosticsSource {
  /** Shown with the findings: `typescript-language-server`, the command. */
  readonly name: string;
  check(files: readonly CheckedFile[], signal?: AbortSignal): Promise<CheckResult>;
  close(): Promise<void>;
}

/** Most diagnostics told to the model after one edit; the rest are counted. */
export const MAX_DIAGNOSTICS = 20;

/**
 * The findings as the model reads them, one per line with the path relative
 * to `root` (`src/a.ts:3:7 error TS2322: …`), at most {@link MAX_DIAGNOSTICS};
 * undefined when there is nothing to say.
 */
export function formatDiagnostics(result: CheckResult, source: string, root: string): string | undefined {
  const { diagnostics, note } = result;
  if (diagnostics.length === 0) return note === undefined ? undefined : `Diagnostics (${source}): ${note}`;
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const counts = [
    errors ? `${errors} error${errors === 1 ? '' : 's'}` : '',
    warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  const lines = diagnostics
    .slice(0, MAX_DIAGNOSTICS)
    .map(
      (d) =>
        `${relative(root, d.path) || d.path}:${d.line}:${d.column} ${d.severity}${d.code ? ` ${d.code}` : ''}: ${d.message.split('\n')[0]}`,
    );
  if (diagnostics.length > MAX_DIAGNOSTICS) lines.push(`… and ${diagnostics.length - MAX_DIAGNOSTICS} more`);
  return [
    `Diagnostics after this change (${source}): ${counts.join(', ')}. Fix them if your change caused them.`,
    ...lines,
  ].join('\n');
}
