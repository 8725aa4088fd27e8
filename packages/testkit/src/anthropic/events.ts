import type { RecordedRequest } from '../script.ts';
import type { ResolvedAnswer } from '../shared/resolve-answer.ts';
import { splitText } from '../shared/split-text.ts';
import type { SseEvent } from '../shared/sse.ts';
import type { EncodedStream } from '../shared/wire-dialect.ts';
import { anthropicInputUsage, anthropicUsage } from './usage.ts';

/** The wire stop reason: the scripted override, else `tool_use` or `end_turn`. */
export function anthropicStopReason(answer: ResolvedAnswer): string {
  return answer.finishReason ?? (answer.toolCalls.length > 0 ? 'tool_use' : 'end_turn');
}

/** The signature sent with scripted thinking, so clients can echo it back. */
export function thinkingSignature(request: RecordedRequest): string {
  return `testkit-signature-${request.callIndex + 1}`;
}

/** A call scripted with `id: null` has an empty id and goes out without one. */
function wireId(id: string): { id?: string } {
  return id === '' ? {} : { id };
}

function typed(type: string, payload: Record<string, unknown>): SseEvent {
  return { event: type, data: JSON.stringify({ type, ...payload }) };
}

/** The `message` object shared by `message_start` and the non-streamed body. */
export function messageEnvelope(request: RecordedRequest, model: string): Record<string, unknown> {
  return {
    id: `msg_testkit_${request.callIndex + 1}`,
    type: 'message',
    role: 'assistant',
    model,
  };
}

/**
 * Encodes an answer as Messages-API events: message_start, one content block
 * each for thinking (thinking_delta + signature_delta), text (text_delta) and
 * every tool_use (input_json_delta split across chunks), then message_delta
 * (stop reason, output tokens) and message_stop.
 */
export function encodeAnthropicStream(
  answer: ResolvedAnswer,
  request: RecordedRequest,
  model: string,
): EncodedStream {
  const content: SseEvent[] = [
    typed('message_start', {
      message: {
        ...messageEnvelope(request, model),
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...anthropicInputUsage(answer.usage), output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  const block = (start: Record<string, unknown>, deltas: Array<Record<string, unknown>>): void => {
    content.push(typed('content_block_start', { index, content_block: start }));
    for (const delta of deltas) content.push(typed('content_block_delta', { index, delta }));
    content.push(typed('content_block_stop', { index }));
    index++;
  };
  const pieces = (text: string): string[] => splitText(text, answer.chunkSize);

  if (answer.reasoning !== '') {
    block({ type: 'thinking', thinking: '', signature: '' }, [
      ...pieces(answer.reasoning).map((thinking) => ({ type: 'thinking_delta', thinking })),
      { type: 'signature_delta', signature: thinkingSignature(request) },
    ]);
  }
  if (answer.text !== '') {
    block(
      { type: 'text', text: '' },
      pieces(answer.text).map((text) => ({ type: 'text_delta', text })),
    );
  }
  for (const call of answer.toolCalls) {
    block(
      { type: 'tool_use', ...wireId(call.id), name: call.name, input: {} },
      pieces(call.arguments).map((partial_json) => ({ type: 'input_json_delta', partial_json })),
    );
  }

  const finish: SseEvent[] = [
    typed('message_delta', {
      delta: { stop_reason: anthropicStopReason(answer), stop_sequence: null },
      usage: answer.usage.outputTokens === undefined ? {} : { output_tokens: answer.usage.outputTokens },
    }),
    typed('message_stop', {}),
  ];
  return { content, finish };
}

/** Parses scripted tool arguments for a non-streamed body; malformed text is passed through as a string. */
function toolInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Encodes an answer as one Messages-API JSON body. */
export function encodeAnthropicMessage(
  answer: ResolvedAnswer,
  request: RecordedRequest,
  model: string,
  finished: boolean,
): unknown {
  const content: unknown[] = [];
  if (answer.reasoning !== '') {
    content.push({ type: 'thinking', thinking: answer.reasoning, signature: thinkingSignature(request) });
  }
  if (answer.text !== '') content.push({ type: 'text', text: answer.text });
  for (const call of answer.toolCalls) {
    content.push({ type: 'tool_use', ...wireId(call.id), name: call.name, input: toolInput(call.arguments) });
  }
  return {
    ...messageEnvelope(request, model),
    content,
    stop_reason: finished ? anthropicStopReason(answer) : null,
    stop_sequence: null,
    usage: anthropicUsage(answer.usage),
  };
}
