const MARKER = Symbol.for('kodama.ToolError');

/**
 * A recoverable tool failure: throw it from `execute` and the model reads
 * `Error: <message>` as the observation, so it can correct itself (a bad path,
 * a missing file, a refused URL). Returning a string that starts with
 * `Error: ` is the same thing. Any other exception is a tool *failure*.
 * Checked with {@link ToolError.isInstance} so the check survives duplicate installs.
 */
export class ToolError extends Error {
  protected readonly [MARKER] = true;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ToolError';
  }

  /** True for any ToolError, including subclasses and copies from another install. */
  static isInstance(value: unknown): value is ToolError {
    return typeof value === 'object' && value !== null && MARKER in value;
  }
}
