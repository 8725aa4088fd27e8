/** Parsed tool-call arguments, or why they could not be parsed. */
export type ParsedArguments =
  | { readonly input: unknown; readonly parseError?: undefined }
  | {
      readonly input: undefined;
      readonly parseError: string;
    };

/**
 * Parses a tool call's raw argument text. Empty text means "no arguments"
 * (`{}`), which many servers send for parameterless tools. Anything that is
 * not JSON, or JSON that is not an object, yields `parseError` so the loop can
 * answer the call with an `Error: ...` observation.
 */
export function parseToolArguments(raw: string): ParsedArguments {
  if (raw.trim() === '') return { input: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { input: undefined, parseError: `tool arguments are not valid JSON (${reason}): ${preview(raw)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { input: undefined, parseError: `tool arguments must be a JSON object, got: ${preview(raw)}` };
  }
  return { input: value };
}

function preview(raw: string): string {
  return raw.length > 200 ? `${raw.slice(0, 200)}...` : raw;
}
