import type { ToolSpec } from '../model/tool-spec.ts';
import type { AnyTool } from './define-tool.ts';

/** What the model request carries for one tool: name, description, parameters JSON Schema. */
export function toolSpec(tool: AnyTool): ToolSpec {
  return { name: tool.name, description: tool.description, parameters: tool.parameters.jsonSchema };
}
