const MARK = Symbol.for('kodama.ToolFailure');

/**
 * A recoverable failure as a value a tool returns (instead of throwing
 * `ToolError`): the model reads `Error: <message>`, rendered once by
 * `executeToolCall`, and the call's status is `error`. Build it with
 * {@link toolFailure}; test for it with {@link isToolFailure}.
 */
export interface ToolFailure {
  readonly [MARK]: true;
  /** What went wrong and what to do next, without the `Error: ` prefix. */
  readonly message: string;
}

/** A {@link ToolFailure} saying `message` (a leading `Error: ` in it is dropped when rendered). */
export function toolFailure(message: string): ToolFailure {
  return Object.freeze({ [MARK]: true as const, message });
}

/** True for a value built by {@link toolFailure} (also across duplicate installs of core). */
export function isToolFailure(value: unknown): value is ToolFailure {
  return typeof value === 'object' && value !== null && (value as { [MARK]?: unknown })[MARK] === true;
}
