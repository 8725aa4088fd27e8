import type { AnyTool } from './define-tool.ts';
import { failureObservation, failureText, readsAsFailure } from './failure-text.ts';
import { parseArguments } from './parse-arguments.ts';
import type { ToolContext, ToolResult } from './tool.ts';
import { ToolError } from './tool-error.ts';
import { isToolFailure } from './tool-failure.ts';
import type { ExecutedToolStatus } from './tool-status.ts';
import { DEFAULT_MAX_RESULT_TOKENS, truncateResult } from './truncate-result.ts';

/**
 * How one tool call ended, as the agent loop sees it (`kind` is a
 * {@link ExecutedToolStatus}). `result` is always the observation to send
 * back to the model, already truncated to the budget.
 * - `ok`: success.
 * - `error`: recoverable, `Error: ...` (bad JSON, invalid arguments, a thrown
 *   `ToolError`, a returned `toolFailure`, or a returned string starting with
 *   `Error: `). Test `kind`, never the text: the text is rendered here, once.
 * - `failure`: any other exception; `result` is `Error: <message>` for a plain
 *   `Error`, `Error: <ClassName>: <message>` otherwise (see `failureText`), and
 *   `error` the thrown value, so the loop can apply its policy (an
 *   `AbortError` thrown during a cancelled turn also lands here).
 */
export type ToolOutcome =
  | { readonly kind: Extract<ExecutedToolStatus, 'ok'>; readonly result: ToolResult }
  | { readonly kind: Extract<ExecutedToolStatus, 'error'>; readonly result: string }
  | {
      readonly kind: Extract<ExecutedToolStatus, 'failure'>;
      readonly result: string;
      readonly error: unknown;
    };

/** Options of {@link executeToolCall}. */
export interface ExecuteToolCallOptions {
  /** Budget for the observation in estimated tokens (UTF-8 bytes / 4); default 10,000. */
  readonly maxResultTokens?: number;
  /**
   * Return a successful result whole, not cut to the budget (failures are
   * still cut): the loop does this when the agent keeps large results as
   * artifacts, and cuts a result under the artifact threshold itself.
   */
  readonly keepWhole?: boolean;
}

/** The call to answer: the model's raw call, optionally already parsed by the adapter. */
export interface ExecutableToolCall {
  /** Provider-assigned id of the call. */
  readonly id: string;
  /** Name the model called (the loop has already resolved it to `tool`). */
  readonly name: string;
  /** Raw JSON text of the arguments; `''` means `{}`. Parsed when `input` is absent. */
  readonly arguments: string;
  /** Already-parsed arguments (when the provider delivers objects); wins over `arguments`. */
  readonly input?: unknown;
  /** Set when the arguments are known to be malformed; reported like a JSON parse failure. */
  readonly parseError?: string;
}

function compactSchema(tool: AnyTool): string {
  return JSON.stringify(tool.parameters.jsonSchema);
}

function isContentPart(part: unknown): boolean {
  if (typeof part !== 'object' || part === null) return false;
  const p = part as { type?: unknown; text?: unknown; data?: unknown; mediaType?: unknown };
  if (p.type === 'text') return typeof p.text === 'string';
  return p.type === 'image' && typeof p.data === 'string' && typeof p.mediaType === 'string';
}

function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'string' || (Array.isArray(value) && value.every(isContentPart));
}

function describeResult(value: unknown): string {
  return Array.isArray(value) ? 'an array that is not content parts' : typeof value;
}

/**
 * Answers one tool call: parses the arguments (`''` is `{}`), validates them,
 * runs `execute` with the validated value, and truncates the observation to
 * the budget. Never throws and never rejects: every way a call can end is a
 * {@link ToolOutcome}.
 *
 * Cancellation: this function does not check `context.signal` itself; a tool
 * that honours it typically throws an `AbortError`, which comes back as
 * `{ kind: 'failure', error }` so the loop can recognise it by the error's name.
 */
export async function executeToolCall(
  tool: AnyTool,
  call: ExecutableToolCall,
  context: ToolContext,
  options: ExecuteToolCallOptions = {},
): Promise<ToolOutcome> {
  const maxTokens = options.maxResultTokens ?? DEFAULT_MAX_RESULT_TOKENS;
  const clip = (text: string): string => truncateResult(text, maxTokens) as string;
  try {
    const parsed = parseArguments(call);
    if (!parsed.ok) {
      return {
        kind: 'error',
        result: clip(
          failureObservation(
            `arguments for ${tool.name} are not valid JSON: ${parsed.reason}. Send a JSON object matching: ${compactSchema(tool)}`,
          ),
        ),
      };
    }
    const validation = tool.parameters.validate(parsed.input);
    if (!validation.ok) {
      return {
        kind: 'error',
        result: clip(
          failureObservation(
            `invalid arguments for ${tool.name}: ${validation.problems.join('; ')}\nExpected parameters: ${compactSchema(tool)}`,
          ),
        ),
      };
    }
    let result: unknown;
    try {
      result = await tool.execute(validation.value, context);
    } catch (error) {
      if (ToolError.isInstance(error))
        return { kind: 'error', result: clip(failureObservation(error.message)) };
      return { kind: 'failure', result: clip(failureText(error)), error };
    }
    // A hand-built tool may return the typed failure too (defineTool's throw it as ToolError).
    if (isToolFailure(result)) return { kind: 'error', result: clip(failureObservation(result.message)) };
    if (!isToolResult(result)) {
      const error = new TypeError(
        `tool ${tool.name} returned ${describeResult(result)}, not text or content parts`,
      );
      return { kind: 'failure', result: failureText(error), error };
    }
    if (typeof result === 'string' && readsAsFailure(result)) return { kind: 'error', result: clip(result) };
    return { kind: 'ok', result: options.keepWhole ? result : truncateResult(result, maxTokens) };
  } catch (error) {
    // Only a broken tool object or a bad option gets here (e.g. validate threw).
    return { kind: 'failure', result: failureText(error), error };
  }
}
