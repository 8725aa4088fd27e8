import { McpConfigError } from './mcp-config-error.ts';
import { type McpServerEntry, SERVER_ID_PATTERN } from './server-entry.ts';

/** Where an entry came from, for error messages: `"x" (in /p/.mcp.json)`. */
function where(entry: McpServerEntry): string {
  return entry.source === undefined ? `"${entry.id}"` : `"${entry.id}" (in ${entry.source})`;
}

/**
 * The MCP servers an agent may connect to, by id, in declaration order. A
 * value the caller owns; {@link McpRegistry.EMPTY} means no `mcp_connect`
 * tool and no `<available_mcps>` block.
 */
export class McpRegistry {
  /** The registry with no server. */
  static readonly EMPTY = new McpRegistry([]);
  readonly #byId = new Map<string, McpServerEntry>();

  /**
   * @throws McpConfigError for an id outside {@link SERVER_ID_PATTERN} or two
   *   entries with one id (naming both entries and where they came from).
   */
  constructor(entries: readonly McpServerEntry[]) {
    for (const entry of entries) {
      if (!SERVER_ID_PATTERN.test(entry.id)) {
        throw new McpConfigError(
          `MCP server id ${where(entry)} is not usable: use 1-32 letters, digits, _ or -`,
        );
      }
      const first = this.#byId.get(entry.id);
      if (first) {
        throw new McpConfigError(
          `two MCP servers have the id "${entry.id}": ${where(first)} and ${where(entry)}`,
        );
      }
      this.#byId.set(entry.id, Object.freeze({ ...entry }));
    }
  }

  /** Every entry, in declaration order. */
  get entries(): readonly McpServerEntry[] {
    return [...this.#byId.values()];
  }

  /** The ids, in declaration order. */
  get ids(): readonly string[] {
    return [...this.#byId.keys()];
  }

  /** True when no server is configured. */
  get isEmpty(): boolean {
    return this.#byId.size === 0;
  }

  /** The entry of `id`, or `undefined`. */
  get(id: string): McpServerEntry | undefined {
    return this.#byId.get(id);
  }
}
