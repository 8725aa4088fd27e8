import type { JsonSchema } from '../../model/tool-spec.ts';
import type { ToolParameters, ValidationResult } from '../tool.ts';
import { normalizeParametersSchema } from './json-schema-normalize.ts';
import { validateJsonSchema } from './json-schema-validate.ts';

/**
 * Validates against an already normalized schema and, when valid, returns a
 * shallow copy of exactly what was sent: no defaults, no coercion.
 */
export function validateAgainst<Args>(schema: JsonSchema, input: unknown): ValidationResult<Args> {
  const problems = validateJsonSchema(schema, input);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { ...(input as object) } as Args };
}

/**
 * Parameters from a plain JSON Schema object (e.g. an MCP tool's `inputSchema`).
 * Arguments are typed `Record<string, unknown>`; the schema is normalized (see
 * {@link normalizeParametersSchema}) so unknown keys are refused.
 *
 * @throws TypeError when the schema does not describe an object.
 */
export function jsonSchemaParameters(schema: JsonSchema): ToolParameters<Record<string, unknown>> {
  const jsonSchema = normalizeParametersSchema(schema);
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : undefined;
  return Object.freeze({
    jsonSchema,
    ...(dialect === undefined ? {} : { dialect }),
    validate: (input: unknown) => validateAgainst<Record<string, unknown>>(jsonSchema, input),
  });
}
