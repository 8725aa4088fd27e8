// `--output-format stream-json`: kodama's events as the documented, versioned
// lines of docs/headless.md (schema: packages/cli/schema/stream-json.v1.schema.json).
// The lines are a contract: the Run's internal events may change, these only
// with a new version. A test validates every line of a real run against the schema.
import type { AgentEvent, Content, Run, RunEvent } from '@kodama/core';

/** The version the `start` line carries; a new one for any change a reader could trip on. */
export const STREAM_JSON_VERSION = 1;

/** One line of `stream-json` output (see the schema for each type's fields). */
export type HeadlessLine = { readonly type: string; readonly [field: string]: unknown };

/** The text of message content (images as `[image]`). */
function textOf(content: Content): string {
  if (typeof content === 'string') return content;
  return content.map((p) => (p.type === 'text' ? p.text : `[${p.type}]`)).join('');
}

/** A tool call's arguments: the object when they are JSON, else the raw text the model sent. */
function argumentsOf(raw: string): unknown {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : raw;
  } catch {
    return raw;
  }
}

/** The line of one agent event; undefined for the events the contract leaves out. */
function agentLine(event: AgentEvent): HeadlessLine | undefined {
  switch (event.type) {
    case 'user-turn':
      return { type: 'user', text: textOf(event.content), mid_turn: event.midLoop };
    case 'assistant-delta':
      return { type: 'text_delta', text: event.text };
    case 'reasoning-delta':
      return { type: 'reasoning_delta', text: event.text };
    case 'assistant':
      return { type: 'text', text: event.text };
    case 'reasoning':
      return { type: 'reasoning', text: event.text };
    case 'tool-call':
      return {
        type: 'tool_call',
        id: event.toolCallId,
        name: event.name,
        arguments: argumentsOf(event.arguments),
      };
    case 'tool-result':
      return {
        type: 'tool_result',
        id: event.toolCallId,
        name: event.name,
        status: event.status,
        output: textOf(event.content),
      };
    case 'tokens':
      return {
        type: 'usage',
        model: `${event.provider}:${event.modelId}`,
        input_tokens: event.usage.inputTokens ?? null,
        output_tokens: event.usage.outputTokens ?? null,
        cache_read_tokens: event.usage.cacheReadTokens ?? null,
        reasoning_tokens: event.usage.reasoningTokens ?? null,
      };
    case 'retry':
      return {
        type: 'retry',
        attempt: event.attempt,
        delay_ms: event.delayMs,
        cause: event.cause,
        status: event.status ?? null,
      };
    case 'fallback-notice':
      return { type: 'notice', kind: 'step-limit', text: `the step budget of ${event.maxSteps} ran out` };
    case 'compaction':
      return { type: 'notice', kind: 'compaction', text: 'the conversation was compacted' };
    case 'model-switched':
      return {
        type: 'notice',
        kind: 'model-switched',
        text: `model ${event.from.provider}:${event.from.modelId} -> ${event.to.provider}:${event.to.modelId}`,
      };
    default:
      return undefined;
  }
}

/**
 * The line of a Run event, or undefined: a nested agent's (a sub-agent's)
 * lines carry `agent` (its path); the Run's end is the command's `result`
 * line ({@link resultLine}), which knows the exit status.
 */
export function headlessLine(event: RunEvent): HeadlessLine | undefined {
  if (event.type === 'agent-stream') {
    const inner = agentLine(event.event);
    return inner && { ...inner, agent: event.source.path };
  }
  if (event.type === 'interjection-delivered') return { type: 'interjection_delivered', count: event.count };
  if (event.type === 'run-start' || event.type === 'run-end' || !('agentId' in event)) return undefined;
  return agentLine(event as AgentEvent);
}

/** The first line: what kodama runs with. */
export function startLine(start: {
  readonly sessionId: string | undefined;
  readonly model: string;
  readonly root: string;
}): HeadlessLine {
  return {
    type: 'start',
    version: STREAM_JSON_VERSION,
    session_id: start.sessionId ?? null,
    model: start.model,
    root: start.root,
  };
}

/**
 * The last line of a turn, and all that `--output-format json` prints: the
 * outcome, the answer (null when failed or cancelled), the error, the usage
 * and its cost (null when unknown), the session and the exit status kodama ends with.
 */
export function resultLine(run: Run, sessionId: string | undefined, exitStatus: number): HeadlessLine {
  // A finished Run always has its usage; zeros only guard the type.
  const usage = run.usage;
  return {
    type: 'result',
    outcome: run.outcome,
    response: run.outcome === 'completed' || run.outcome === 'partial' ? run.response : null,
    ...(run.outcome === 'completed' && run.output !== undefined ? { output: run.output } : {}),
    error:
      run.outcome === 'failed'
        ? { name: run.error instanceof Error ? run.error.name : 'Error', message: messageOf(run.error) }
        : null,
    usage: {
      input_tokens: usage?.inputTokens ?? 0,
      output_tokens: usage?.outputTokens ?? 0,
      cache_read_tokens: usage?.cacheReadTokens ?? 0,
      cache_write_tokens: usage?.cacheWriteTokens ?? 0,
      reasoning_tokens: usage?.reasoningTokens ?? 0,
      total_tokens: usage?.totalTokens ?? 0,
    },
    cost_usd: usage?.costUsd ?? null,
    session_id: sessionId ?? null,
    exit_status: exitStatus,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
