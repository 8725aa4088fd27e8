import type { AnyTool, TrifectaLegs } from '@kodama/core';

/**
 * The legs of one program call, judged as the loop judges a direct call: the
 * tool's `legsOf` over the validated arguments, else its declared legs (no
 * `legsOf`, arguments that do not validate, a throw: fail closed).
 */
export async function programCallLegs(tool: AnyTool, args: unknown): Promise<TrifectaLegs> {
  if (tool.legsOf === undefined) return tool.trifectaLegs;
  try {
    const validation = tool.parameters.validate(args);
    if (!validation.ok) return tool.trifectaLegs;
    const legs = await tool.legsOf(validation.value);
    return legs && typeof legs.privateData === 'boolean' ? legs : tool.trifectaLegs;
  } catch {
    return tool.trifectaLegs;
  }
}
