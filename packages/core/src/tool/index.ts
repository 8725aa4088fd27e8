// Public API of the tool framework: defining tools, their parameters, and running one call.
export type { AnyTool, ToolDefinition } from './define-tool.ts';
export { defineTool, TOOL_NAME_PATTERN } from './define-tool.ts';
export type { ExecutableToolCall, ExecuteToolCallOptions, ToolOutcome } from './execute-tool-call.ts';
export { executeToolCall } from './execute-tool-call.ts';
export { normalizeParametersSchema } from './parameters/json-schema-normalize.ts';
export { jsonSchemaParameters } from './parameters/json-schema-parameters.ts';
export { validateJsonSchema } from './parameters/json-schema-validate.ts';
export type { Simplify } from './parameters/params-builder.ts';
export { ParamsBuilder, params } from './parameters/params-builder.ts';
export type { ArgsOf, ParametersInput } from './parameters/to-parameters.ts';
export { toParameters } from './parameters/to-parameters.ts';
export type { ZodParametersSchema } from './parameters/zod-parameters.ts';
export { zodParameters } from './parameters/zod-parameters.ts';
export type { Tool, ToolContext, ToolParameters, ToolResult, ValidationResult } from './tool.ts';
export { ToolError } from './tool-error.ts';
export { UnknownToolError } from './unknown-tool-error.ts';
export { toolSpec } from './tool-spec.ts';
export { DEFAULT_MAX_RESULT_TOKENS, truncateResult, truncationMarker } from './truncate-result.ts';
