import type { AnyTool, ToolContext } from '@kodama/core';
import type { ToolOutcome } from '@kodama/core/tool';
import { executeToolCall } from '@kodama/core/tool';

let nextId = 0;

/** Runs `tool` the way the agent does: raw JSON arguments through `executeToolCall`. */
export function runTool(
  tool: AnyTool,
  args: unknown,
  signal: AbortSignal = new AbortController().signal,
): Promise<ToolOutcome> {
  nextId += 1;
  const context: ToolContext = {
    signal,
    agentId: '',
    toolCallId: `call_${nextId}`,
    idempotencyKey: `turn:call_${nextId}`,
    emit: () => {},
  };
  return executeToolCall(
    tool,
    { id: `call_${nextId}`, name: tool.name, arguments: JSON.stringify(args) },
    context,
    // The web tools cap their own output; keep the loop's budget out of the way.
    { maxResultTokens: Number.POSITIVE_INFINITY },
  );
}

/** The observation text of an outcome (tool results in these tests are strings). */
export function text(outcome: ToolOutcome): string {
  assertString(outcome.result);
  return outcome.result;
}

function assertString(value: unknown): asserts value is string {
  if (typeof value !== 'string')
    throw new TypeError(`expected a string observation, got ${JSON.stringify(value)}`);
}
