import type { ExecutableToolCall } from './execute-tool-call.ts';

/** A call's arguments as a value: the adapter's parsed input, else the JSON text (`''` is `{}`). */
export function parseArguments(
  call: ExecutableToolCall,
): { ok: true; input: unknown } | { ok: false; reason: string } {
  if (call.parseError !== undefined) return { ok: false, reason: call.parseError };
  if (call.input !== undefined) return { ok: true, input: call.input };
  if (call.arguments.trim() === '') return { ok: true, input: {} };
  try {
    return { ok: true, input: JSON.parse(call.arguments) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
