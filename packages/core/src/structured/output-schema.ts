import type { z } from 'zod';
import { type ArgsOf, type ParametersInput, toParameters } from '../tool/parameters/to-parameters.ts';
import { isZodSchema } from '../tool/parameters/zod-parameters.ts';
import type { ToolParameters, ValidationResult } from '../tool/tool.ts';

/**
 * What `AskOptions.output` takes: the three ways tools author parameters, an
 * object schema each. A zod 4 `z.object(...)`, a `params()` builder (or any
 * `ToolParameters`), or a plain JSON Schema with `type: 'object'`.
 */
export type OutputSchemaInput = ParametersInput;

/**
 * The type of `run.output` for an output schema: `z.output` of a zod schema
 * (defaults and transforms applied), the builder's type for `params()`,
 * `Record<string, unknown>` for a plain JSON Schema, `unknown` without one.
 */
export type OutputOf<S> = S extends undefined ? unknown : S extends z.ZodType ? z.output<S> : ArgsOf<S>;

/**
 * An output schema ready to use: the JSON Schema served to the model (objects
 * made strict, as for tool parameters) and the validator that reports every
 * problem with its path (`$.city is required`) and returns the parsed value.
 */
export type OutputSchema<T> = ToolParameters<T>;

// Compiled once per schema object: Runs of one schema share it, and the option
// check before a Run and the Run itself compile it once between them.
const compiled = new WeakMap<object, OutputSchema<unknown>>();

/**
 * Compiles an output schema with the tool-parameter machinery (the same
 * served schema and the same validator and wording). For a zod schema the
 * value is what zod parses (defaults and transforms applied), since it goes
 * to the program, not to a tool's `execute`.
 *
 * @throws TypeError when the input describes no object or cannot be served as JSON Schema.
 */
export function outputSchema<S extends OutputSchemaInput>(input: S): OutputSchema<OutputOf<S>> {
  let schema = compiled.get(input);
  if (!schema) {
    const parameters = toParameters(input) as ToolParameters<unknown>;
    schema = isZodSchema(input) ? zodOutput(input, parameters) : parameters;
    compiled.set(input, schema);
  }
  return schema as OutputSchema<OutputOf<S>>;
}

function zodOutput(zod: z.ZodType, parameters: ToolParameters<unknown>): OutputSchema<unknown> {
  return Object.freeze({
    jsonSchema: parameters.jsonSchema,
    validate(input: unknown): ValidationResult<unknown> {
      const checked = parameters.validate(input);
      if (!checked.ok) return checked;
      // validate already ran zod on the same input and it passed; this is for its output.
      const parsed = zod.safeParse(input);
      if (parsed.success) return { ok: true, value: parsed.data };
      return { ok: false, problems: parsed.error.issues.map((issue) => `$ is invalid: ${issue.message}`) };
    },
  });
}
