import { z } from 'zod';
import type { ToolParameters, ValidationResult } from '../tool.ts';
import { propertyPath, ROOT_PATH } from './json-path.ts';
import { normalizeParametersSchema } from './json-schema-normalize.ts';
import { validateAgainst } from './json-schema-parameters.ts';

/** A zod 4 object schema usable as tool parameters. */
export type ZodParametersSchema = z.ZodObject;

/** True for a zod 4 schema (classic or mini): they all carry the `_zod` internals. */
export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (parent, key) => propertyPath(parent, typeof key === 'number' ? key : String(key)),
    ROOT_PATH,
  );
}

/**
 * Parameters from a zod 4 object schema. The model is served
 * `z.toJSONSchema(schema, { io: 'input' })` (normalized: strict objects, no
 * `$schema`), and validation runs in two steps with one message format:
 * the JSON Schema check first (types, required, enums, unknown keys...), then
 * zod itself for what JSON Schema cannot say (refinements, formats).
 *
 * Execute receives what the model sent, typed `z.input<S>`: zod `.default()`
 * values and transforms are not applied, because defaults belong to execute
 * (validation returns only the keys the model sent).
 *
 * @throws TypeError when the schema cannot be represented as JSON Schema.
 */
export function zodParameters<S extends ZodParametersSchema>(schema: S): ToolParameters<z.input<S>> {
  let raw: Record<string, unknown>;
  try {
    raw = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  } catch (error) {
    throw new TypeError(`tool parameters cannot be served as JSON Schema: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const jsonSchema = normalizeParametersSchema(raw);
  const dialect = typeof raw.$schema === 'string' ? raw.$schema : undefined;
  return Object.freeze({
    jsonSchema,
    ...(dialect === undefined ? {} : { dialect }),
    validate(input: unknown): ValidationResult<z.input<S>> {
      const checked = validateAgainst<z.input<S>>(jsonSchema, input);
      if (!checked.ok) return checked;
      const parsed = schema.safeParse(input);
      if (parsed.success) return checked;
      return {
        ok: false,
        problems: parsed.error.issues.map((issue) => `${issuePath(issue.path)} is invalid: ${issue.message}`),
      };
    },
  });
}
