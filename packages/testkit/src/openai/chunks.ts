import type { RecordedRequest } from '../script.ts';
import type { ResolvedAnswer } from '../shared/resolve-answer.ts';
import { splitText } from '../shared/split-text.ts';
import type { SseEvent } from '../shared/sse.ts';
import type { EncodedStream } from '../shared/wire-dialect.ts';
import { openAIUsage } from './usage.ts';

/** A fixed `created` timestamp keeps captures reproducible. */
const CREATED = 1_700_000_000;

/** The wire finish reason: the scripted override, else `tool_calls` or `stop`. */
export function openAIFinishReason(answer: ResolvedAnswer): string {
  return answer.finishReason ?? (answer.toolCalls.length > 0 ? 'tool_calls' : 'stop');
}

/** Whether the request asked for a final usage chunk. */
function wantsUsage(request: RecordedRequest): boolean {
  const body = request.body as { stream_options?: { include_usage?: unknown } } | undefined;
  return body?.stream_options?.include_usage === true;
}

function chunkEnvelope(request: RecordedRequest, model: string): Record<string, unknown> {
  return {
    id: `chatcmpl-testkit-${request.callIndex + 1}`,
    object: 'chat.completion.chunk',
    created: CREATED,
    model,
  };
}

/**
 * Encodes an answer as chat-completion chunks: a role chunk, reasoning_content
 * deltas, content deltas, tool-call chunks (id, type and name only in the first
 * chunk of each call, arguments split across chunks), then the finish chunk,
 * the usage chunk (when `stream_options.include_usage`) and `[DONE]`.
 */
export function encodeOpenAIStream(
  answer: ResolvedAnswer,
  request: RecordedRequest,
  model: string,
): EncodedStream {
  const envelope = chunkEnvelope(request, model);
  const event = (delta: Record<string, unknown>, finishReason: string | null = null): SseEvent => ({
    data: JSON.stringify({ ...envelope, choices: [{ index: 0, delta, finish_reason: finishReason }] }),
  });

  const content: SseEvent[] = [event({ role: 'assistant', content: '' })];
  for (const piece of splitText(answer.reasoning, answer.chunkSize))
    content.push(event({ reasoning_content: piece }));
  for (const piece of splitText(answer.text, answer.chunkSize)) content.push(event({ content: piece }));
  answer.toolCalls.forEach((call, index) => {
    const [first = '', ...rest] = splitText(call.arguments, answer.chunkSize);
    // A call scripted with `id: null` has an empty id and goes out without one.
    const id = call.id === '' ? {} : { id: call.id };
    content.push(
      event({
        tool_calls: [{ index, ...id, type: 'function', function: { name: call.name, arguments: first } }],
      }),
    );
    for (const piece of rest)
      content.push(event({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });

  const finish: SseEvent[] = [event({}, openAIFinishReason(answer))];
  if (wantsUsage(request)) {
    finish.push({ data: JSON.stringify({ ...envelope, choices: [], usage: openAIUsage(answer.usage) }) });
  }
  finish.push({ data: '[DONE]' });
  return { content, finish };
}

/** Encodes an answer as one `chat.completion` JSON body. */
export function encodeOpenAICompletion(
  answer: ResolvedAnswer,
  request: RecordedRequest,
  model: string,
  finished: boolean,
): unknown {
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: answer.text === '' ? null : answer.text,
  };
  if (answer.reasoning !== '') message.reasoning_content = answer.reasoning;
  if (answer.toolCalls.length > 0) {
    message.tool_calls = answer.toolCalls.map((call) => ({
      ...(call.id === '' ? {} : { id: call.id }),
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return {
    id: `chatcmpl-testkit-${request.callIndex + 1}`,
    object: 'chat.completion',
    created: CREATED,
    model,
    choices: [{ index: 0, message, finish_reason: finished ? openAIFinishReason(answer) : null }],
    usage: openAIUsage(answer.usage),
  };
}

/** A streamed response with an empty choice list: one chunk with `choices: []`, then `[DONE]`. */
export function encodeOpenAIEmptyStream(request: RecordedRequest, model: string): SseEvent[] {
  return [{ data: JSON.stringify({ ...chunkEnvelope(request, model), choices: [] }) }, { data: '[DONE]' }];
}

/** A `chat.completion` JSON body with an empty choice list. */
export function encodeOpenAIEmptyCompletion(request: RecordedRequest, model: string): unknown {
  return {
    id: `chatcmpl-testkit-${request.callIndex + 1}`,
    object: 'chat.completion',
    created: CREATED,
    model,
    choices: [],
  };
}
