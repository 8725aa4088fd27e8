// The size of a tool definition as a request carries it, in kodama's token
// estimate (UTF-8 bytes / 4, as the result budget and artifacts count).
import type { AnyTool } from '@kodama/core';
import { toolSpec } from '@kodama/core/tool';

/** Bytes per estimated token, as core's result budget counts them. */
const BYTES_PER_TOKEN = 4;

/** Estimated tokens of `tools`' definitions (name, description, JSON Schema) as a request carries them. */
export function definitionTokens(tools: Iterable<AnyTool>): number {
  let bytes = 0;
  for (const tool of tools) bytes += Buffer.byteLength(JSON.stringify(toolSpec(tool)), 'utf8');
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}
