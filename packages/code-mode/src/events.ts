import { defineEvent } from '@kodama/core';

/** A program's tool call, announced before it runs (a child of the `exec` call `toolCallId`). */
export interface ProgramToolCall {
  /** The program's number in the session (1 for the first `exec`). */
  readonly program: number;
  /** The call's number within the program (1 for the first). */
  readonly index: number;
  /** The catalog tool called. */
  readonly name: string;
  /** Its arguments, as JSON text. */
  readonly arguments: string;
}

/** How a program's tool call ended. */
export interface ProgramToolResult {
  readonly program: number;
  readonly index: number;
  readonly name: string;
  /** `ok`, `error` (the guest got an exception), or `refused` (the taint gate, the loop guard or a limit). */
  readonly status: 'ok' | 'error' | 'refused';
}

/** Emitted through the `exec` tool's context for each tool call of a program. */
export const PROGRAM_TOOL_CALL = defineEvent<ProgramToolCall>('code-mode.tool-call');
/** Emitted when a program's tool call ended. */
export const PROGRAM_TOOL_RESULT = defineEvent<ProgramToolResult>('code-mode.tool-result');
