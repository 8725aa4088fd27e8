/**
 * kodama code mode: the model writes one program that calls the agent's
 * tools as typed async functions; it runs in a QuickJS sandbox through a
 * broker that keeps every rule a direct call meets.
 *
 * @packageDocumentation
 */

export { Broker, type BrokerOptions } from './broker.ts';
export { type CodeModeOptions, codeMode } from './code-mode.ts';
export { CONTROL_TOOLS, catalogLegs } from './control-tools.ts';
export { catalogDeclarations, typeOf } from './declarations.ts';
export type { CodeEngine, ProgramEnd, ProgramHandle, ProgramHost, ProgramSpec } from './engine.ts';
export {
  PROGRAM_TOOL_CALL,
  PROGRAM_TOOL_RESULT,
  type ProgramToolCall,
  type ProgramToolResult,
} from './events.ts';
export { type CodeModeLimits, DEFAULT_LIMITS, resolveLimits } from './limits.ts';
export { quickjsEngine } from './quickjs-engine.ts';
export type { ProgramReport, ProgramStatus } from './session.ts';
