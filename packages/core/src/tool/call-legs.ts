import type { TrifectaLegs } from '../trifecta/legs.ts';
import type { AnyTool } from './define-tool.ts';
import type { ExecutableToolCall } from './execute-tool-call.ts';
import { parseArguments } from './parse-arguments.ts';
import type { ToolEffect } from './tool-effects.ts';

/**
 * The legs of one call: the tool's `legsOf` over the validated arguments, or
 * its declared `trifectaLegs` when it has no `legsOf`, the arguments do not
 * validate (the call will not run anyway) or `legsOf` fails (fail closed).
 */
export async function callLegs(tool: AnyTool, call: ExecutableToolCall): Promise<TrifectaLegs> {
  if (tool.legsOf === undefined) return tool.trifectaLegs;
  try {
    const parsed = parseArguments(call);
    if (!parsed.ok) return tool.trifectaLegs;
    const validation = tool.parameters.validate(parsed.input);
    if (!validation.ok) return tool.trifectaLegs;
    const legs: unknown = await tool.legsOf(validation.value);
    return isLegs(legs) ? legs : tool.trifectaLegs;
  } catch {
    return tool.trifectaLegs;
  }
}

/**
 * The declared effects of one call (the tool's `effects.of` over the
 * validated arguments), for a gate that looks at a call before it runs;
 * `[]` when the tool declares none, the arguments do not validate (the call
 * will not run anyway) or `of` throws.
 */
export function callEffects(tool: AnyTool, call: ExecutableToolCall): readonly ToolEffect[] {
  if (tool.effects === undefined) return [];
  try {
    const parsed = parseArguments(call);
    if (!parsed.ok) return [];
    const validation = tool.parameters.validate(parsed.input);
    return validation.ok ? tool.effects.of(validation.value) : [];
  } catch {
    return [];
  }
}

const UNTRUSTED: ReadonlySet<unknown> = new Set(['none', 'soft', 'hard']);
const EGRESS: ReadonlySet<unknown> = new Set(['none', 'reviewed', 'unreviewed']);

function isLegs(value: unknown): value is TrifectaLegs {
  if (typeof value !== 'object' || value === null) return false;
  const legs = value as Partial<TrifectaLegs>;
  return typeof legs.privateData === 'boolean' && UNTRUSTED.has(legs.untrusted) && EGRESS.has(legs.egress);
}
