import type { ValidationResult } from '../tool/tool.ts';
import type { OutputSchema } from './output-schema.ts';

// A whole answer wrapped in one Markdown code fence, as models often write JSON
// when no provider mode constrains them.
const FENCED = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/;

/**
 * Reads a final answer (the JSON text of a native answer, or the answer
 * tool's arguments) and checks it against the output schema. Text in one
 * code fence is read from inside it. Every problem comes back with its path,
 * a text that is not JSON as one problem at `$`.
 */
export function parseAnswer<T>(schema: OutputSchema<T>, text: string): ValidationResult<T> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problems: ['$ is missing: the answer was empty'] };
  let value: unknown;
  try {
    value = JSON.parse(FENCED.exec(trimmed)?.[1] ?? trimmed);
  } catch (error) {
    return { ok: false, problems: [`$ is not valid JSON: ${(error as Error).message}`] };
  }
  return schema.validate(value);
}
