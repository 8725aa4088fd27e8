import type { AgentEvent, Listener } from '@kodama/core';

/** Where `--json` writes: anything with a `write(string)`. */
export interface LineSink {
  write(text: string): unknown;
}

/**
 * `kodama ask --json`: one JSON object per line for every agent event, so a
 * script can follow the turn with a line reader. Deltas are included.
 */
export class JsonLines implements Listener {
  readonly name = 'JsonLines';
  readonly #out: LineSink;

  constructor(out: LineSink) {
    this.#out = out;
  }

  /** Writes the event as one line. */
  onEvent(event: AgentEvent): void {
    this.#out.write(`${JSON.stringify(event)}\n`);
  }
}
