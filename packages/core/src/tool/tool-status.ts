/**
 * The one vocabulary for how a tool call was answered, shared by
 * `executeToolCall`, the step runner and `tool-result` events:
 * - `ok`: the tool returned a result;
 * - `error`: an `Error: ...` observation the model can recover from (bad JSON,
 *   invalid arguments, an unknown tool, a thrown `ToolError`);
 * - `failure`: the tool threw something else (the agent's failure policy applies);
 * - `cancelled`: the user cancelled the turn while the call ran;
 * - `skipped`: the call never started (step budget spent, the turn cancelled,
 *   or an earlier call of a sequential batch failed).
 */
export type ToolStatus = 'ok' | 'error' | 'failure' | 'cancelled' | 'skipped';

/** The statuses a call that ran to its end can have. */
export type ExecutedToolStatus = Extract<ToolStatus, 'ok' | 'error' | 'failure'>;
