import { ASSUMED, NONE, type TrifectaLegs } from '@kodama/core';
import type { McpServerEntry } from '../config/server-entry.ts';

/** The legs every tool of `entry` holds: the configured ones, else `ASSUMED`. */
export function serverLegs(entry: McpServerEntry): TrifectaLegs {
  return entry.trifectaLegs ?? ASSUMED;
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
