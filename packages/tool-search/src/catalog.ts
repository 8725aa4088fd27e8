// The deferred tools and which of them the conversation has loaded. Loading
// only ever appends (through the agent's addTool), so the tools before it
// and the system prompt stay byte-identical from request to request.
import type { AnyTool } from '@kodama/core';
import { rank } from './rank.ts';
import { MAX_LIMIT, SELECT_PREFIX } from './search-tool.ts';

/** What one search did. */
export interface LoadOutcome {
  /** Tools this search loaded, in load order. */
  readonly loaded: readonly AnyTool[];
  /** Catalog tools it found that an earlier search loaded. */
  readonly already: readonly AnyTool[];
  /** Names asked for that are the agent's own tools, not deferred. */
  readonly available: readonly string[];
  /** Names asked for (`select:`) that are in no catalog. */
  readonly unknown: readonly string[];
}

/** The deferred tools by name (in deferral order) and the loaded subset (in load order). */
export class ToolCatalog {
  readonly #tools = new Map<string, AnyTool>();
  readonly #loaded = new Set<string>();
  /** Names a loaded history says were loaded, for tools not in the catalog yet (an MCP server reconnecting). */
  readonly #remembered = new Set<string>();

  /** Every deferred tool, loaded or not. */
  get tools(): readonly AnyTool[] {
    return [...this.#tools.values()];
  }

  /** Names loaded so far, in load order. */
  get loaded(): readonly string[] {
    return [...this.#loaded];
  }

  /** Names deferred and not loaded. */
  get pending(): readonly string[] {
    return [...this.#tools.keys()].filter((n) => !this.#loaded.has(n));
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  isLoaded(name: string): boolean {
    return this.#loaded.has(name);
  }

  /** Adds a deferred tool; true when a loaded history named it (the caller loads it at once). */
  add(tool: AnyTool): boolean {
    if (this.#tools.has(tool.name)) throw new TypeError(`duplicate tool name "${tool.name}"`);
    this.#tools.set(tool.name, tool);
    return this.#remembered.delete(tool.name);
  }

  /** Takes `name` out; returns whether it had been loaded (the caller removes it from the agent). */
  delete(name: string): boolean {
    this.#tools.delete(name);
    const was = this.#loaded.delete(name);
    if (was) this.#remembered.add(name);
    return was;
  }

  /** Marks `name` loaded; false when it is not in the catalog or is loaded already. */
  markLoaded(name: string): boolean {
    if (!this.#tools.has(name) || this.#loaded.has(name)) return false;
    this.#loaded.add(name);
    return true;
  }

  /** Forgets every load (a cleared conversation); returns the names that were loaded. */
  reset(): string[] {
    const names = [...this.#loaded];
    this.#loaded.clear();
    this.#remembered.clear();
    return names;
  }

  /** Remembers a name a loaded history shows loaded, for a tool that arrives later. */
  remember(name: string): void {
    this.#remembered.add(name);
  }

  /**
   * The catalog tools `query` names or matches (`select:a,b` by exact name, up to
   * `MAX_LIMIT`; else the best `limit` by {@link rank}), split by what happens to them; `isAgentTool` tells a
   * name that is the agent's own. Marks nothing: the caller loads.
   */
  find(
    query: string,
    limit: number,
    isAgentTool: (name: string) => boolean,
  ): LoadOutcome & {
    readonly toLoad: readonly AnyTool[];
  } {
    const trimmed = query.trim();
    const selecting = trimmed.startsWith(SELECT_PREFIX);
    const names = selecting
      ? [
          ...new Set(
            trimmed
              .slice(SELECT_PREFIX.length)
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ].slice(0, MAX_LIMIT)
      : rank(this.tools, trimmed, limit);
    const toLoad: AnyTool[] = [];
    const already: AnyTool[] = [];
    const available: string[] = [];
    const unknown: string[] = [];
    for (const name of names) {
      const tool = this.#tools.get(name);
      if (tool) (this.#loaded.has(name) ? already : toLoad).push(tool);
      else if (isAgentTool(name)) available.push(name);
      else unknown.push(name);
    }
    return { toLoad, loaded: toLoad, already, available, unknown };
  }
}
