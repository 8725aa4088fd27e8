import type { JsonSchema } from '../../model/tool-spec.ts';
import type { ToolParameters, ValidationResult } from '../tool.ts';
import { validateAgainst } from './json-schema-parameters.ts';

/** Flattens an intersection into one object type, so hovers read `{ city: string; days?: number }`. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** `Args` plus one property, required or optional. */
type With<Args, K extends string, V, Required extends boolean> = Required extends true
  ? Args & { [P in K]: V }
  : Args & { [P in K]?: V };

/**
 * A fluent, immutable builder of tool parameters in the spirit of pikuri's
 * `Parameters.build`: each call returns a new builder with one more property,
 * and the argument type grows with it. A builder is itself a
 * {@link ToolParameters} (usable directly); `build()` returns a frozen plain one.
 *
 * Validation returns only the keys the model sent: there are no defaults here,
 * defaults belong to `execute` (`const days = args.days ?? 3`).
 */
export class ParamsBuilder<Args> implements ToolParameters<Args> {
  /** The JSON Schema served to the model (`type: 'object'`, `additionalProperties: false`). */
  readonly jsonSchema: JsonSchema;

  /** Use {@link params} to start a builder. */
  constructor(
    private readonly properties: Readonly<Record<string, JsonSchema>> = {},
    private readonly required: readonly string[] = [],
  ) {
    this.jsonSchema = Object.freeze({
      type: 'object',
      properties: Object.freeze({ ...properties }),
      required: Object.freeze([...required]),
      additionalProperties: false,
    });
    Object.freeze(this);
  }

  /** Checks raw model arguments; see {@link ToolParameters.validate}. */
  validate(input: unknown): ValidationResult<Args> {
    return validateAgainst<Args>(this.jsonSchema, input);
  }

  /** A frozen plain {@link ToolParameters} with the same schema and validation. */
  build(): ToolParameters<Simplify<Args>> {
    const jsonSchema = this.jsonSchema;
    return Object.freeze({
      jsonSchema,
      validate: (input: unknown) => validateAgainst<Simplify<Args>>(jsonSchema, input),
    });
  }

  /** A required string. */
  requiredString<K extends string>(name: K, description: string): ParamsBuilder<With<Args, K, string, true>> {
    return this.add(name, { type: 'string', description }, true);
  }
  /** An optional string. */
  optionalString<K extends string>(
    name: K,
    description: string,
  ): ParamsBuilder<With<Args, K, string, false>> {
    return this.add(name, { type: 'string', description }, false);
  }
  /** A required integer (a JSON number with no fractional part). */
  requiredInteger<K extends string>(
    name: K,
    description: string,
  ): ParamsBuilder<With<Args, K, number, true>> {
    return this.add(name, { type: 'integer', description }, true);
  }
  /** An optional integer. */
  optionalInteger<K extends string>(
    name: K,
    description: string,
  ): ParamsBuilder<With<Args, K, number, false>> {
    return this.add(name, { type: 'integer', description }, false);
  }
  /** A required finite number (integer or not). */
  requiredNumber<K extends string>(name: K, description: string): ParamsBuilder<With<Args, K, number, true>> {
    return this.add(name, { type: 'number', description }, true);
  }
  /** An optional finite number. */
  optionalNumber<K extends string>(
    name: K,
    description: string,
  ): ParamsBuilder<With<Args, K, number, false>> {
    return this.add(name, { type: 'number', description }, false);
  }
  /** A required boolean. */
  requiredBoolean<K extends string>(
    name: K,
    description: string,
  ): ParamsBuilder<With<Args, K, boolean, true>> {
    return this.add(name, { type: 'boolean', description }, true);
  }
  /** An optional boolean. */
  optionalBoolean<K extends string>(
    name: K,
    description: string,
  ): ParamsBuilder<With<Args, K, boolean, false>> {
    return this.add(name, { type: 'boolean', description }, false);
  }
  /** A required string restricted to `values`. */
  requiredEnum<K extends string, const V extends readonly [string, ...string[]]>(
    name: K,
    values: V,
    description: string,
  ): ParamsBuilder<With<Args, K, V[number], true>> {
    return this.add(name, { type: 'string', enum: enumValues(name, values), description }, true);
  }
  /** An optional string restricted to `values`. */
  optionalEnum<K extends string, const V extends readonly [string, ...string[]]>(
    name: K,
    values: V,
    description: string,
  ): ParamsBuilder<With<Args, K, V[number], false>> {
    return this.add(name, { type: 'string', enum: enumValues(name, values), description }, false);
  }
  /** A required array of strings. */
  requiredStringArray<K extends string>(
    name: K,
    description: string,
  ): ParamsBuilder<With<Args, K, string[], true>> {
    return this.add(name, { type: 'array', items: { type: 'string' }, description }, true);
  }
  /** An optional array of strings. */
  optionalStringArray<K extends string>(
    name: K,
    description: string,
  ): ParamsBuilder<With<Args, K, string[], false>> {
    return this.add(name, { type: 'array', items: { type: 'string' }, description }, false);
  }

  private add<Next>(name: string, schema: JsonSchema, required: boolean): ParamsBuilder<Next> {
    if (typeof name !== 'string' || name === '')
      throw new TypeError('a parameter name must be a non-empty string');
    if (Object.hasOwn(this.properties, name)) throw new TypeError(`parameter ${name} is declared twice`);
    return new ParamsBuilder<Next>(
      { ...this.properties, [name]: Object.freeze(schema) },
      required ? [...this.required, name] : this.required,
    );
  }
}

function enumValues(name: string, values: readonly string[]): readonly string[] {
  if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'string')) {
    throw new TypeError(`enum parameter ${name} needs at least one string value`);
  }
  return Object.freeze([...values]);
}

/**
 * Starts a parameters builder:
 * `params().requiredString('city', 'City name').optionalInteger('days', 'Days ahead, default 3')`.
 */
export function params(): ParamsBuilder<Record<never, never>> {
  return new ParamsBuilder();
}
