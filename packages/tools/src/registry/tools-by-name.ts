import type { AnyTool } from '@kodama/core';
import { UnknownToolError } from '@kodama/core/tool';
import { TOOL_NAMES, TOOL_REGISTRY, type ToolName } from './tool-registry.ts';
import type { ToolsConfig } from './tools-config.ts';

function isToolName(name: string): name is ToolName {
  return Object.hasOwn(TOOL_REGISTRY, name);
}

/**
 * Builds the named tools, in the order given (duplicates dropped), from the
 * parsed configuration, loading only their modules. Build once per process:
 * web_search's engines own the rate limiters that keep providers from
 * blocking you.
 *
 * @throws UnknownToolError (from `@kodama/core/tool`) when a name is not one of
 *   {@link TOOL_NAMES}, before anything is built.
 */
export async function toolsByName(names: readonly string[], config: ToolsConfig = {}): Promise<AnyTool[]> {
  const unknown = names.filter((name) => !isToolName(name));
  if (unknown.length > 0) throw new UnknownToolError(unknown, TOOL_NAMES);
  const unique = [...new Set(names as readonly ToolName[])];
  return Promise.all(unique.map((name) => TOOL_REGISTRY[name](config)));
}
