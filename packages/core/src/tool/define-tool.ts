import { ASSUMED, type TrifectaLegs } from '../trifecta/legs.ts';
import { type ArgsOf, type ParametersInput, toParameters } from './parameters/to-parameters.ts';
import type { Tool, ToolContext, ToolResult } from './tool.ts';
import type { ToolEffects } from './tool-effects.ts';
import { ToolError } from './tool-error.ts';
import { isToolFailure, type ToolFailure } from './tool-failure.ts';

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
   * apply defaults here). Return `toolFailure(...)` or throw `ToolError` for a
   * failure the model can recover from (the built tool throws the failure as
   * a `ToolError`).
   */
  execute(
    args: ArgsOf<P>,
    context: ToolContext,
  ): Promise<ToolResult | ToolFailure> | ToolResult | ToolFailure;
  /** Lethal-trifecta legs; default {@link ASSUMED} (hostile on every axis). */
  readonly trifectaLegs?: TrifectaLegs;
  /** The legs of one call, when calls differ (see `Tool.legsOf`); default: every call has `trifectaLegs`. */
  legsOf?(args: ArgsOf<P>): TrifectaLegs | Promise<TrifectaLegs>;
  /** What calls do besides answering, per call (see `Tool.effects`); default: none declared. */
  readonly effects?: ToolEffects<ArgsOf<P>>;
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
  const { name, description, execute, legsOf, effects } = definition;
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    throw new TypeError(`invalid tool name ${JSON.stringify(name)}: use 1-64 letters, digits, _ or -`);
  }
  if (typeof description !== 'string') throw new TypeError(`tool ${name} needs a description string`);
  if (typeof execute !== 'function') throw new TypeError(`tool ${name} needs an execute function`);
  if (legsOf !== undefined && typeof legsOf !== 'function')
    throw new TypeError(`tool ${name}: legsOf must be a function of the arguments`);
  if (effects !== undefined && (!Array.isArray(effects.kinds) || typeof effects.of !== 'function'))
    throw new TypeError(`tool ${name}: effects needs kinds (an array) and of (a function of the arguments)`);
  return Object.freeze({
    name,
    description,
    parameters: toParameters(definition.parameters),
    trifectaLegs: definition.trifectaLegs ?? ASSUMED,
    sequential: definition.sequential ?? false,
    // Sync stays sync: only a promise is awaited.
    execute: (args: ArgsOf<P>, context: ToolContext) => {
      const result = execute.call(definition, args, context);
      return result instanceof Promise ? result.then(thrownIfFailure) : thrownIfFailure(result);
    },
    ...(effects ? { effects: frozenEffects(effects) } : {}),
    ...(legsOf ? { legsOf: (args: ArgsOf<P>) => legsOf.call(definition, args) } : {}),
  });
}

/** The result as it is, or a returned `toolFailure` thrown as the `ToolError` it stands for. */
function thrownIfFailure(result: ToolResult | ToolFailure): ToolResult {
  if (isToolFailure(result)) throw new ToolError(result.message);
  return result;
}

function frozenEffects<Args>(effects: ToolEffects<Args>): ToolEffects<Args> {
  return Object.freeze({ kinds: Object.freeze([...effects.kinds]), of: (args: Args) => effects.of(args) });
}
