import { ModelError, type Usage } from '@kodama/core';
import { type IdSource, RANDOM_IDS } from '@kodama/core/ids';
import type { ModelStreamPart, StopReason } from '@kodama/core/model';
import { parseToolArguments } from '../adapter/parse-tool-arguments.ts';

interface WireToolCallDelta {
  index?: number;
  id?: string | null;
  function?: { name?: string; arguments?: string };
}

interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}

/** One streamed chat-completion chunk, read defensively: servers vary. */
export interface WireChunk {
  error?: unknown;
  id?: unknown;
  model?: unknown;
  usage?: WireUsage | null;
  choices?: {
    delta?: {
      content?: unknown;
      reasoning_content?: unknown;
      reasoning?: unknown;
      tool_calls?: WireToolCallDelta[] | null;
    } | null;
    finish_reason?: string | null;
  }[];
}

interface OpenCall {
  id: string;
  name: string;
  arguments: string;
}

const STOP_REASONS: Readonly<Record<string, StopReason>> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
  error: 'error',
};

function toUsage(usage: WireUsage): Usage {
  return {
    inputTokens: usage.prompt_tokens ?? undefined,
    outputTokens: usage.completion_tokens ?? undefined,
    cacheReadTokens: usage.prompt_tokens_details?.cached_tokens ?? undefined,
    cacheWriteTokens: usage.prompt_tokens_details?.cache_write_tokens ?? undefined,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? undefined,
  };
}

/**
 * Turns chat-completion chunks into kodama parts, constant work per chunk.
 * Tool calls are keyed by their wire `index`; argument text is appended
 * (string ropes, no re-scan) and parsed once, at the end. The ends, usage and
 * finish are emitted by {@link ChatChunkMapper.end} so usage sent after the
 * finish chunk (`stream_options.include_usage`) still precedes `finish`.
 * A call the server sent without an id gets one from `ids` (the caller's
 * `StreamOptions.ids`, else random `call_<uuid>`): an index-based id would
 * repeat in every response and clash in the conversation.
 */
export class ChatChunkMapper {
  private readonly calls: OpenCall[] = [];
  private usage: Usage | undefined;
  private finishReason: string | undefined;
  private responseId: string | undefined;
  private responseModelId: string | undefined;
  private sawChoice = false;
  private sawChunk = false;

  constructor(
    private readonly provider: string,
    private readonly ids: IdSource = RANDOM_IDS,
  ) {}

  /** Appends the parts of one chunk to `out`. Throws a chunk's `error` payload as-is. */
  push(chunk: WireChunk, out: ModelStreamPart[]): void {
    this.sawChunk = true;
    if (chunk.error !== undefined && chunk.error !== null) throw chunk.error;
    if (chunk.usage) this.usage = toUsage(chunk.usage);
    // Every chunk repeats the response's id and model; the first of each is kept.
    if (this.responseId === undefined && typeof chunk.id === 'string' && chunk.id) this.responseId = chunk.id;
    if (this.responseModelId === undefined && typeof chunk.model === 'string' && chunk.model)
      this.responseModelId = chunk.model;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    this.sawChoice = true;
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const delta = choice.delta;
    if (!delta) return;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === 'string' && reasoning) out.push({ type: 'reasoning-delta', text: reasoning });
    if (typeof delta.content === 'string' && delta.content)
      out.push({ type: 'text-delta', text: delta.content });
    if (delta.tool_calls) for (const call of delta.tool_calls) this.pushToolCall(call, out);
  }

  private pushToolCall(delta: WireToolCallDelta, out: ModelStreamPart[]): void {
    const index = delta.index ?? this.calls.length - (delta.function?.name ? 0 : 1);
    let call = this.calls[index];
    if (!call) {
      const name = delta.function?.name;
      if (!name) throw new ModelError(`${this.provider} streamed arguments for a tool call that has no name`);
      call = { id: delta.id || this.ids.next('tool-call'), name, arguments: '' };
      this.calls[index] = call;
      out.push({ type: 'tool-call-start', id: call.id, name });
    }
    const args = delta.function?.arguments;
    if (args) {
      call.arguments += args;
      out.push({ type: 'tool-call-delta', id: call.id, argumentsDelta: args });
    }
  }

  /**
   * The stream is over: appends tool-call ends, usage and finish to `out`, or
   * throws a `ModelError` when the server never said it finished.
   */
  end(out: ModelStreamPart[]): void {
    if (this.finishReason === undefined) {
      if (this.sawChunk && !this.sawChoice) {
        throw new ModelError(`${this.provider} answered with an empty choice list: no content and no finish`);
      }
      throw new ModelError(`stream ended without a finish from ${this.provider}: the response is incomplete`);
    }
    for (const call of this.calls) {
      if (!call) continue;
      const parsed = parseToolArguments(call.arguments);
      const wire = { id: call.id, name: call.name, arguments: call.arguments };
      out.push(
        parsed.parseError === undefined
          ? { type: 'tool-call-end', call: wire, input: parsed.input }
          : { type: 'tool-call-end', call: wire, input: undefined, parseError: parsed.parseError },
      );
    }
    if (this.usage) out.push({ type: 'usage', usage: this.usage });
    out.push({
      type: 'finish',
      reason: STOP_REASONS[this.finishReason] ?? 'other',
      rawReason: this.finishReason,
      ...(this.responseId ? { responseId: this.responseId } : {}),
      ...(this.responseModelId ? { responseModelId: this.responseModelId } : {}),
    });
  }
}
