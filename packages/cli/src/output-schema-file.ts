import { readFile } from 'node:fs/promises';
import { outputSchema } from '@kodama/core';
import type { JsonSchema } from '@kodama/core/model';
import { UsageError } from './parse-support.ts';

/**
 * Reads the JSON Schema of `kodama ask --output-schema <file>` and checks,
 * before any model is looked for, that it is an object schema a Run accepts.
 *
 * @throws UsageError naming the file and the problem: it cannot be read, is
 *   not JSON, or is not an object schema.
 */
export async function readOutputSchema(path: string): Promise<JsonSchema> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `--output-schema ${path}: cannot read it (${code === 'ENOENT' ? 'no such file' : (code ?? String(error))})`,
      'ask',
    );
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--output-schema ${path}: not valid JSON: ${(error as Error).message}`, 'ask');
  }
  try {
    outputSchema(schema as JsonSchema);
  } catch (error) {
    // The check is core's tool-parameter check; say it about the output schema.
    const problem = (error as Error).message.replace(/^tool parameters/, 'the schema');
    throw new UsageError(`--output-schema ${path}: ${problem}`, 'ask');
  }
  return schema as JsonSchema;
}
