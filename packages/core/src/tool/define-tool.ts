import { ASSUMED, type TrifectaLegs } from '../trifecta/legs.ts';
import { type ArgsOf, type ParametersInput, toParameters } from './parameters/to-parameters.ts';
import type { Tool, ToolContext, ToolResult } from './tool.ts';

/** Tool names every provider accepts. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A tool of any argument type, for lists of mixed tools (`readonly AnyTool[]`).
 *
 * Why `Tool<unknown>` works: `validate` only *returns* Args (covariant, and
 * anything is assignable to `unknown`), and `execute` is declared with method
 * syntax, whose parameters TypeScript checks bivariantly; so every `Tool<X>`
 * is assignable to it. Code holding an `AnyTool` must pass `execute` only what
 * that same tool's `validate` returned, which is what {@link executeToolCall} does.
 */
export type AnyTool = Tool<unknown>;

/** What {@link defineTool} takes. */
export interface ToolDefinition<P extends ParametersInput> {
  /** Function name advertised to the model; must match {@link TOOL_NAME_PATTERN}. */
  readonly name: string;
  /** What the tool does and when to use it (a summary, then `Usage:` bullets). */
  readonly description: string;
  /** A zod object schema, a `params()` builder, or a plain JSON Schema object. */
  readonly parameters: P;
  /**
   * Runs the tool with validated arguments (only the keys the model sent;
   * apply defaults here). Return `Error: ...` or throw `ToolError` for a failure
   * the model can recover from.
   */
  execute(args: ArgsOf<P>, context: ToolContext): Promise<ToolResult> | ToolResult;
  /** Lethal-trifecta legs; default {@link ASSUMED} (hostile on every axis). */
  readonly trifectaLegs?: TrifectaLegs;
  /** The legs of one call, when calls differ (see `Tool.legsOf`); default: every call has `trifectaLegs`. */
  legsOf?(args: ArgsOf<P>): TrifectaLegs | Promise<TrifectaLegs>;
  /** Run calls of this tool one at a time, in model order; default false. */
  readonly sequential?: boolean;
}

/**
 * Builds a {@link Tool}. Arguments are typed from the parameters: `z.input`
 * of a zod schema, the builder's accumulated type, or `Record<string, unknown>`
 * for a plain JSON Schema.
 *
 * @throws TypeError for a name outside {@link TOOL_NAME_PATTERN}, a missing
 * description or execute, or parameters that do not describe an object.
 */
export function defineTool<P extends ParametersInput>(definition: ToolDefinition<P>): Tool<ArgsOf<P>> {
  const { name, description, execute, legsOf } = definition;
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    throw new TypeError(`invalid tool name ${JSON.stringify(name)}: use 1-64 letters, digits, _ or -`);
  }
  if (typeof description !== 'string') throw new TypeError(`tool ${name} needs a description string`);
  if (typeof execute !== 'function') throw new TypeError(`tool ${name} needs an execute function`);
  if (legsOf !== undefined && typeof legsOf !== 'function')
    throw new TypeError(`tool ${name}: legsOf must be a function of the arguments`);
  return Object.freeze({
    name,
    description,
    parameters: toParameters(definition.parameters),
    trifectaLegs: definition.trifectaLegs ?? ASSUMED,
    sequential: definition.sequential ?? false,
    execute: (args: ArgsOf<P>, context: ToolContext) => execute.call(definition, args, context),
    ...(legsOf ? { legsOf: (args: ArgsOf<P>) => legsOf.call(definition, args) } : {}),
  });
}
