/**
 * @kodama/core: messages, the model port, tools, the agent loop, events and controls.
 * Imports nothing else of kodama's.
 */

export * from './agent/index.ts';
export type { KodamaErrorOptions } from './errors/kodama-error.ts';
export { KodamaError } from './errors/kodama-error.ts';
export type { ModelErrorOptions } from './errors/model-error.ts';
export { ModelError } from './errors/model-error.ts';
export * from './history/index.ts';
export type { Clock } from './ids/clock.ts';
export { SYSTEM_CLOCK } from './ids/clock.ts';
export type { IdKind, IdSource } from './ids/id-source.ts';
export { RANDOM_IDS, sequentialIds } from './ids/id-source.ts';
export type { Content, ContentPart, ImageContent, TextContent } from './messages/content.ts';
export type {
  AssistantMessage,
  ModelMessage,
  ToolCall,
  ToolResultMessage,
  UserMessage,
} from './messages/message.ts';
export type * from './model/index.ts';
export * from './tool/index.ts';
export type { Tool, ToolContext, ToolParameters, ToolResult, ValidationResult } from './tool/tool.ts';
export * from './trifecta/index.ts';
export type { EgressLevel, TrifectaLegs, UntrustedLevel } from './trifecta/legs.ts';
export { ASSUMED, NONE } from './trifecta/legs.ts';
