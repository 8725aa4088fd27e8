/**
 * @kodama/core/tool: tool plumbing beyond defining one — parameter schemas,
 * executing a call, result budgets, the effect variants, tool-loop detection.
 */

export { TOOL_NAME_PATTERN } from '../tool/define-tool.ts';
export {
  type ExecutableToolCall,
  type ExecuteToolCallOptions,
  executeToolCall,
  type ToolOutcome,
} from '../tool/execute-tool-call.ts';
export { normalizeParametersSchema } from '../tool/parameters/json-schema-normalize.ts';
export { jsonSchemaParameters } from '../tool/parameters/json-schema-parameters.ts';
export { validateJsonSchema } from '../tool/parameters/json-schema-validate.ts';
export { ParamsBuilder, type Simplify } from '../tool/parameters/params-builder.ts';
export { type ArgsOf, type ParametersInput, toParameters } from '../tool/parameters/to-parameters.ts';
export { type ZodParametersSchema, zodParameters } from '../tool/parameters/zod-parameters.ts';
export type { ToolParameters, ValidationResult } from '../tool/tool.ts';
export type { ReachesNetwork, ReadsPath, RunsCommand, WritesFile } from '../tool/tool-effects.ts';
export { toolSpec } from '../tool/tool-spec.ts';
export type { ExecutedToolStatus, ToolStatus } from '../tool/tool-status.ts';
export { DEFAULT_MAX_RESULT_TOKENS, truncateResult, truncationMarker } from '../tool/truncate-result.ts';
export { UnknownToolError } from '../tool/unknown-tool-error.ts';
export { repeatWarning } from '../tool-loop/repeat-warning.ts';
export { ToolLoopError } from '../tool-loop/tool-loop-error.ts';
export {
  type ObservedToolCall,
  ToolLoopGuard,
  type ToolLoopGuardOptions,
  type ToolLoopVerdict,
} from '../tool-loop/tool-loop-guard.ts';
