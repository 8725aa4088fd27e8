import { relative, resolve } from 'node:path';
import { runProcess } from '../subprocess/run-process.ts';
import type { CheckedFile, CheckResult, Diagnostic, DiagnosticsSource } from './diagnostic.ts';

/** A check command run after each change (`npx tsc --noEmit -p .`, `ruff check`). */
export interface CheckCommandOptions {
  /** Run by `/bin/sh -c` in `root`. */
  readonly command: string;
  readonly root: string;
  /** Longest run; default 120 s. */
  readonly timeoutMs?: number;
}

// `src/a.ts(3,7): error TS2322: …` (tsc) and `src/a.ts:3:7: error: …` / `src/a.ts:3:7 - error …` (most others).
const PAREN =
  /^(?<file>[^\s(][^(]*)\((?<line>\d+),(?<col>\d+)\):\s*(?<sev>error|warning)\s*(?<code>[A-Z]+\d+)?:?\s*(?<msg>.*)$/i;
const COLON =
  /^(?<file>[^\s:][^:]*):(?<line>\d+):(?<col>\d+):?\s*(?:-\s*)?(?<sev>error|warning)?\s*(?<code>[A-Z]+\d+)?:?\s*(?<msg>.*)$/i;

/**
 * Runs a configured check command over the whole project after each change
 * and keeps what it says about the changed files: lines in the usual
 * `file(line,col)` or `file:line:col` forms become diagnostics; the rest is
 * dropped (it is about other files, or noise). A command that fails without
 * naming a changed file is reported as such, so the model knows the check
 * ran and failed.
 */
export class CheckCommandDiagnostics implements DiagnosticsSource {
  readonly name: string;
  readonly #options: CheckCommandOptions;

  constructor(options: CheckCommandOptions) {
    this.#options = options;
    this.name = options.command;
  }

  async check(files: readonly CheckedFile[], signal?: AbortSignal): Promise<CheckResult> {
    const { root, command, timeoutMs = 120_000 } = this.#options;
    let result: Awaited<ReturnType<typeof runProcess>>;
    try {
      result = await runProcess(['/bin/sh', '-c', command], {
        cwd: root,
        timeoutMs,
        maxOutputBytes: 256 * 1024,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      return {
        diagnostics: [],
        note: `could not run (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    if (result.timedOut)
      return { diagnostics: [], note: `did not finish within ${Math.round(timeoutMs / 1000)} s` };
    const byRelative = new Map(files.map((f) => [relative(root, f.path), f.path]));
    const diagnostics: Diagnostic[] = [];
    for (const line of result.output.split('\n')) {
      const m = PAREN.exec(line.trim()) ?? COLON.exec(line.trim());
      const g = m?.groups;
      const path = g?.file === undefined ? undefined : byRelative.get(relative(root, resolve(root, g.file)));
      if (!g || path === undefined) continue;
      diagnostics.push({
        path,
        line: Number(g.line),
        column: Number(g.col),
        severity: g.sev?.toLowerCase() === 'warning' ? 'warning' : 'error',
        ...(g.code ? { code: g.code } : {}),
        message: g.msg ?? '',
      });
    }
    if (diagnostics.length === 0 && result.exitCode !== 0)
      return {
        diagnostics,
        note: `exited ${result.exitCode ?? result.exitSignal}; no line names the changed files`,
      };
    return { diagnostics };
  }

  async close(): Promise<void> {}
}
