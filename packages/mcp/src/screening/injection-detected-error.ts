import { KodamaError } from '@kodama/core';

/**
 * An MCP server's surface (instructions, tool names, descriptions, parameter
 * schemas) failed screening; the server is not advertised. The message names
 * the server, the field and what was found.
 */
export class InjectionDetectedError extends KodamaError {
  /** The server's configured id. */
  readonly serverId: string;
  /** Where it was found: `tool "add" description`, `instructions`, or `surface` for the LLM pass. */
  readonly field: string;
  /** What was found: `U+200B ZERO WIDTH SPACE at offset 12`, or the LLM check's finding. */
  readonly finding: string;

  constructor(serverId: string, field: string, finding: string) {
    super(`MCP server "${serverId}" failed the injection screening: ${field}: ${finding}`);
    this.serverId = serverId;
    this.field = field;
    this.finding = finding;
  }
}
