import { ASSUMED, NONE, type TrifectaLegs } from '@kodama/core';
import type { McpServerEntry } from '../config/server-entry.ts';

/** The legs every tool of `entry` holds: the configured ones, else `ASSUMED`. */
export function serverLegs(entry: McpServerEntry): TrifectaLegs {
  return entry.trifectaLegs ?? ASSUMED;
}

/**
 * What kodama assumes of a server that declares no `trifectaLegs`, and how to
 * declare them: shown once, when it connects. Its tools hold every leg
 * (`ASSUMED`): what they return is untrusted content, so a later call of a
 * tool that can send data out asks (and headless is refused); its own later
 * calls are not held back by what it returned itself (the host's taint gate
 * skips taint whose every source is the same undeclared server).
 */
export function assumedLegsNotice(entry: McpServerEntry): string {
  const file = entry.source ?? 'its MCP configuration file';
  return (
    `MCP server "${entry.id}" declares no trifectaLegs, so kodama assumes the worst of it: what it returns is untrusted, ` +
    `and a later call of a tool that can send data out (bash reaching the network, fetch, another server) asks first; ` +
    `its own calls are not held back by what it returned. If you know better, declare its legs in ${file} under ` +
    `mcpServers.${entry.id}, e.g. "trifectaLegs": {"privateData": false, "untrusted": "none", "egress": "none"} ` +
    `(untrusted: none|soft|hard, egress: none|reviewed|unreviewed); declared legs are used as they are.`
  );
}

/**
 * The legs of the `mcp_connect` tool itself: none. It reads no private data,
 * sends nothing the model wrote (only an id from the user's own
 * configuration), and what it brings in is a surface that passed screening.
 * The servers it can reach are counted elsewhere: each configured server is a
 * leg `mcp:<id>` of the extension's trifecta contribution (so the static map
 * counts them before anything connects), and each connected tool holds its
 * server's legs (so the runtime taint gate sees its results).
 */
export const CONNECT_TOOL_LEGS: TrifectaLegs = NONE;
