import type { TrifectaLegs } from '@kodama/core';

/** Fields every MCP server entry has, whatever its transport. */
interface EntryBase {
  /** The id the model and the user name the server by (`mcp_connect(id)`, tool prefix `<id>__`). */
  readonly id: string;
  /** One line for the `<available_mcps>` block; absent: the handshake's, else one the model writes. */
  readonly description?: string;
  /** Lethal-trifecta legs of every tool of this server; default `ASSUMED` (hostile on every axis). */
  readonly trifectaLegs?: TrifectaLegs;
  /** Where the entry came from (a file path), so errors can name it. */
  readonly source?: string;
  /**
   * The values `${VAR}` expansion put into this entry (secrets, often), so that
   * no error or observation about the server repeats them. Absent: none.
   */
  readonly expanded?: readonly string[];
}

/** A server kodama starts as a child process and talks to over its stdin and stdout. */
export interface StdioServerEntry extends EntryBase {
  readonly transport: 'stdio';
  /** The program to run (looked up on the allowlisted `PATH`). */
  readonly command: string;
  readonly args: readonly string[];
  /** Variables set over the allowlisted environment (see {@link ALLOWED_ENV}). */
  readonly env: Readonly<Record<string, string>>;
  /** Working directory of the process; default kodama's own. */
  readonly cwd?: string;
}

/** A server reached over Streamable HTTP. */
export interface HttpServerEntry extends EntryBase {
  readonly transport: 'http';
  readonly url: string;
  /** Sent with every request (an `Authorization` header). */
  readonly headers: Readonly<Record<string, string>>;
}

/** One configured MCP server. */
export type McpServerEntry = StdioServerEntry | HttpServerEntry;

/** Ids the model can type and that make valid tool-name prefixes. */
export const SERVER_ID_PATTERN = /^[a-zA-Z0-9_-]{1,32}$/;
