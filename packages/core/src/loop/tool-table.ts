import type { ToolSpec } from '../model/tool-spec.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import { toolSpec } from '../tool/tool-spec.ts';

/** A set of tools by name plus the specs a model request carries. Immutable: a change builds a new table. */
export class ToolTable {
  readonly byName: ReadonlyMap<string, AnyTool>;
  readonly specs: readonly ToolSpec[];

  constructor(tools: readonly AnyTool[]) {
    this.byName = new Map(tools.map((t) => [t.name, t]));
    this.specs = tools.map(toolSpec);
  }

  /** The tool names, in declaration order. */
  names(): string[] {
    return [...this.byName.keys()];
  }
}

/** Where a turn reads the agent's current tools: once per model request, so a tool added mid-conversation is offered next. */
export interface ToolSource {
  current(): ToolTable;
}
