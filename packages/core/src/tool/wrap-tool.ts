import type { Tool, ToolContext, ToolResult } from './tool.ts';

/** The tool's own `execute`, as a wrapper receives it. */
export type ToolExecute<Args> = (args: Args, context: ToolContext) => Promise<ToolResult> | ToolResult;

/**
 * `tool` with its `execute` replaced by `execute`, which gets the validated
 * arguments, the context and the tool's own `execute` as `next`. Every other
 * field is the tool's, whatever fields `Tool` has now or gains later (its
 * legs, `legsOf`, `effects`, `sequential`): the one way to wrap a tool, so no
 * wrapper drops a field by copying them by hand. A field the tool computes
 * (a getter) is still computed when read.
 */
export function wrapTool<Args>(
  tool: Tool<Args>,
  execute: (args: Args, context: ToolContext, next: ToolExecute<Args>) => Promise<ToolResult> | ToolResult,
): Tool<Args> {
  const next: ToolExecute<Args> = (args, context) => tool.execute(args, context);
  // The fields are copied as they are defined, not read: a getter stays live (the agent tool's
  // legs are its sub-agents', known only once they are built; a spread would freeze them empty).
  return Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(tool),
      execute: {
        value: (args: Args, context: ToolContext) => execute(args, context, next),
        enumerable: true,
        writable: true,
        configurable: true,
      },
    },
  ) as Tool<Args>;
}
