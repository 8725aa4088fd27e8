import { type AnyTool, mayHaveEffect } from '@kodama/core';
import type { Tool as McpTool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/** `read_file` → `Read file`: a display name for clients that show one (kodama tools declare none). */
export function titleOf(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * MCP's behaviour hints, from what the tool declares (its effects and
 * trifecta legs), never from its name. A hint is given only when the
 * declarations settle it; otherwise it is left out and the client assumes
 * the spec's worst case (not read-only, destructive, open world).
 * `idempotentHint` is never given: nothing kodama declares says so.
 */
export function annotationsOf(tool: AnyTool): ToolAnnotations {
  const legs = tool.trifectaLegs;
  const kinds = tool.effects?.kinds;
  // A tool that declares no effects and no leg is pure computation (the NONE legs mean no I/O).
  const pure =
    (kinds === undefined || kinds.length === 0) &&
    !legs.privateData &&
    legs.untrusted === 'none' &&
    legs.egress === 'none';
  const known = kinds !== undefined || pure;
  const changes = mayHaveEffect(tool, 'writesFile') || mayHaveEffect(tool, 'runsCommand');
  const network = mayHaveEffect(tool, 'reachesNetwork');
  // Bytes that can leave (egress) or content anyone can author coming in: the world is open.
  const open = network || legs.egress !== 'none' || legs.untrusted === 'hard';
  const hints: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {
    title: titleOf(tool.name),
    readOnlyHint: known && !changes && legs.egress === 'none',
  };
  if (changes) hints.destructiveHint = true;
  if (open) hints.openWorldHint = true;
  else if (known) hints.openWorldHint = false;
  return hints;
}

/**
 * One `tools/list` entry: name, title, description, the input schema with
 * the `$schema` the tool declared (JSON Schema 2020-12 for zod tools: served
 * back unchanged, kodama drops it only towards models) and the annotations.
 */
export function listedTool(tool: AnyTool): McpTool {
  const dialect = tool.parameters.dialect;
  const schema = tool.parameters.jsonSchema;
  return {
    name: tool.name,
    title: titleOf(tool.name),
    description: tool.description,
    inputSchema: (dialect === undefined ? schema : { $schema: dialect, ...schema }) as McpTool['inputSchema'],
    annotations: annotationsOf(tool),
  };
}
