// Where a one-shot turn's output goes by `--output-format`: `text` as before
// (the answer on stdout, the rest on stderr), `json` one result object,
// `stream-json` one versioned line per event and a result line per turn.
import type { Run, RunObserver } from '@kodama/core';
import { terminalSafeJson } from '../json-lines.ts';
import type { HeadlessChoice } from '../parse-support.ts';
import { type HeadlessLine, headlessLine, resultLine, startLine } from './stream-json.ts';

/** `--output-format`'s value. */
export type OutputFormat = HeadlessChoice['outputFormat'];

/** What `json` and `stream-json` write, told the Run's events and its end. */
export interface HeadlessOutput {
  /** Handed every event of the Run (`stream-json` writes its lines; `json` nothing). */
  readonly observer: RunObserver;
  /** Once, before the first turn: `stream-json`'s `start` line. */
  start(info: Parameters<typeof startLine>[0]): void;
  /** After each turn: its `result` line (the whole output of `json`). */
  finish(run: Run, sessionId: string | undefined, exitStatus: number): void;
  /** A line saying an input line was not understood (`--input-format stream-json`), kept going. */
  error(message: string): void;
}

/** The output of a JSON `format` on `stdout`; undefined for `text`. */
export function headlessOutput(
  format: OutputFormat,
  stdout: { write(text: string): unknown },
): HeadlessOutput | undefined {
  if (format === 'text') return undefined;
  const write = (line: HeadlessLine) => stdout.write(`${terminalSafeJson(line)}\n`);
  const streaming = format === 'stream-json';
  return {
    observer: (event) => {
      if (!streaming) return;
      const line = headlessLine(event);
      if (line) write(line);
    },
    start: (info) => {
      if (streaming) write(startLine(info));
    },
    finish: (run, sessionId, exitStatus) => write(resultLine(run, sessionId, exitStatus)),
    error: (message) => write({ type: 'error', message }),
  };
}
