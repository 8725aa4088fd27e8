import type { AgentEvent, Listener } from '@kodama/core';

/** Where `--json` writes: anything with a `write(string)`. */
export interface LineSink {
  write(text: string): unknown;
}

/** DEL and the C1 controls, which JSON.stringify leaves raw (a terminal reads U+009B as CSI). */
const RAW_CONTROLS = /[\u007f-\u009f]/g;

/**
 * `value` as JSON that is safe on a terminal: JSON.stringify escapes C0
 * controls (ESC is `\u001b`), and DEL and C1 are escaped here, so the raw
 * text (escape sequences included) reaches a script intact and never acts on
 * a terminal the output is shown on. `indent` as JSON.stringify's `space`.
 */
export function terminalSafeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    RAW_CONTROLS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `kodama ask --json`: one JSON object per line for every agent event, so a
 * script can follow the turn with a line reader. Deltas are included. The
 * text is the raw text, escaped ({@link terminalSafeJson}): no control byte reaches stdout.
 */
export class JsonLines implements Listener {
  readonly name = 'JsonLines';
  readonly #out: LineSink;

  constructor(out: LineSink) {
    this.#out = out;
  }

  /** Writes the event as one line. */
  onEvent(event: AgentEvent): void {
    this.#out.write(`${terminalSafeJson(event)}\n`);
  }
}
