import type { ToolCall } from '../messages/message.ts';
import type { ModelRequest } from '../model/model-request.ts';
import type { ResponseFormat } from '../model/response-format.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import { ToolTable } from './tool-table.ts';

/**
 * How a turn asks for a structured final answer (a Run with an output schema
 * sets it; absent: a free-text answer). The turn only shapes the requests
 * and says where the answer is; checking it is the caller's job.
 */
export interface AnswerFormat {
  /** Sent with every model request of the turn: the provider constrains the answer to the schema. */
  readonly responseFormat?: ResponseFormat;
  /**
   * Offered with the agent's tools for this turn (it hides an agent tool of
   * the same name). A call to it is the answer: the turn ends after that
   * call's batch and resolves with the call's arguments (JSON text).
   */
  readonly answerTool?: AnyTool;
  /** Appended to the system prompt of the turn's requests: how to give the answer. */
  readonly instructions?: string;
  /**
   * A repair turn: it only takes the answer. Its request offers the answer
   * tool alone (no tool in JSON mode), so a call of any other tool is
   * answered as unknown and never runs, and the turn ends after its one
   * response (with the answer call's arguments, else the response's text).
   */
  readonly repair?: boolean;
}

/**
 * The tools a request of the turn offers: the agent's current ones plus the
 * answer tool; in a repair turn the answer tool alone.
 */
export function withAnswerTool(tools: ToolTable, format: AnswerFormat | undefined): ToolTable {
  const answerTool = format?.answerTool;
  if (format?.repair) return new ToolTable(answerTool ? [answerTool] : []);
  if (!answerTool) return tools;
  const others = [...tools.byName.values()].filter((t) => t.name !== answerTool.name);
  return new ToolTable([...others, answerTool]);
}

/** The request with the turn's answer format applied (instructions, response format). */
export function withAnswerFormat(request: ModelRequest, format: AnswerFormat | undefined): ModelRequest {
  if (!format) return request;
  const { responseFormat, instructions } = format;
  const system = instructions ? [request.system, instructions].filter(Boolean).join('\n\n') : request.system;
  return {
    ...request,
    ...(system === undefined ? {} : { system }),
    ...(responseFormat ? { responseFormat } : {}),
  };
}

/** The response's call to the answer tool (the last one, when it called it more than once). */
export function answerCall(
  calls: readonly ToolCall[],
  format: AnswerFormat | undefined,
): ToolCall | undefined {
  const name = format?.answerTool?.name;
  return name === undefined ? undefined : calls.findLast((call) => call.name === name);
}
