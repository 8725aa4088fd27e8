import type { ArtifactSettings } from '../artifacts/artifact-options.ts';
import { type ArtifactHolder, artifactReader, withReader } from '../artifacts/artifact-reader.ts';
import { ToolTable } from '../loop/tool-table.ts';
import type { AnyTool } from '../tool/define-tool.ts';

const NONE: readonly never[] = Object.freeze([]);

/**
 * An agent's tools: the ones its model can call, the sub-agent-only ones, and
 * the table a model request is built from (made on first use, rebuilt after a
 * change). Names are unique across both pools.
 */
export class ToolSet {
  #tools: readonly AnyTool[] = NONE;
  #subAgentTools: readonly AnyTool[] = NONE;
  #table: ToolTable | undefined;
  /** The agent's `artifact_read`, kept last whatever the configure phase builds; absent: no artifacts. */
  readonly #reader: AnyTool | undefined;
  /** Where `artifact_read` finds the running turn's artifacts; absent when the agent keeps none. */
  readonly artifactHolder: ArtifactHolder | undefined;

  constructor(artifacts?: ArtifactSettings) {
    const { holder, reader } = artifactReader(artifacts);
    this.artifactHolder = holder;
    this.#reader = reader;
    if (reader) this.#tools = Object.freeze([reader]);
  }

  /** Tools the model can call, in declaration order. */
  get tools(): readonly AnyTool[] {
    return this.#tools;
  }

  /** Tools reachable only by sub-agents. */
  get subAgentTools(): readonly AnyTool[] {
    return this.#subAgentTools;
  }

  /** Takes the pools the configure phase built (names already checked). */
  configure(tools: readonly AnyTool[], subAgentTools: readonly AnyTool[]): void {
    this.#tools = withReader(tools, subAgentTools, this.#reader);
    this.#subAgentTools = subAgentTools;
    this.#table = undefined;
  }

  /** Adds a model-callable tool. @throws TypeError when the name is taken in either pool. */
  add(tool: AnyTool): void {
    const taken = [...this.#tools, ...this.#subAgentTools].some((t) => t.name === tool.name);
    if (taken) throw new TypeError(`duplicate tool name "${tool.name}"`);
    this.#set([...this.#tools, tool]);
  }

  /** Removes the model-callable tool `name`; returns whether it was there. */
  remove(name: string): boolean {
    const kept = this.#tools.filter((t) => t.name !== name);
    if (kept.length === this.#tools.length) return false;
    this.#set(kept);
    return true;
  }

  /** The table for the next model request. */
  table(): ToolTable {
    this.#table ??= new ToolTable(this.#tools);
    return this.#table;
  }

  #set(tools: readonly AnyTool[]): void {
    this.#tools = Object.freeze(tools);
    this.#table = undefined;
  }
}
