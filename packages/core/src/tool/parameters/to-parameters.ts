import type { z } from 'zod';
import type { JsonSchema } from '../../model/tool-spec.ts';
import type { ToolParameters } from '../tool.ts';
import { jsonSchemaParameters } from './json-schema-parameters.ts';
import type { Simplify } from './params-builder.ts';
import { isZodSchema, type ZodParametersSchema, zodParameters } from './zod-parameters.ts';

/**
 * The three ways to author tool parameters: a zod 4 object schema, a
 * {@link ToolParameters} (e.g. from the `params()` builder), or a plain JSON
 * Schema object (e.g. an MCP tool's `inputSchema`).
 */
export type ParametersInput = ZodParametersSchema | ToolParameters<unknown> | JsonSchema;

/** The argument type `execute` receives for a given parameters input. */
export type ArgsOf<P> = P extends ZodParametersSchema
  ? z.input<P>
  : P extends ToolParameters<infer A>
    ? Simplify<A>
    : Record<string, unknown>;

function isToolParameters(value: unknown): value is ToolParameters<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { validate?: unknown }).validate === 'function' &&
    typeof (value as { jsonSchema?: unknown }).jsonSchema === 'object'
  );
}

/**
 * Turns any {@link ParametersInput} into the one shape the loop uses.
 *
 * @throws TypeError when the input is none of the three, or does not describe an object.
 */
export function toParameters<P extends ParametersInput>(input: P): ToolParameters<ArgsOf<P>> {
  if (isZodSchema(input)) {
    if ((input as { _zod: { def: { type?: string } } })._zod.def.type !== 'object') {
      throw new TypeError('zod tool parameters must be a z.object(...) schema');
    }
    return zodParameters(input as ZodParametersSchema) as ToolParameters<ArgsOf<P>>;
  }
  if (isToolParameters(input)) return input as ToolParameters<ArgsOf<P>>;
  return jsonSchemaParameters(input as JsonSchema) as ToolParameters<ArgsOf<P>>;
}
