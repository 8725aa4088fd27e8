import type { RecordedRequest } from '../script.ts';
import { echoedModel } from '../shared/echoed-model.ts';
import { resolveAnswer } from '../shared/resolve-answer.ts';
import type { WireDialect } from '../shared/wire-dialect.ts';
import { encodeAnthropicMessage, encodeAnthropicStream } from './events.ts';

/** Anthropic error `type` for an HTTP status. */
function errorType(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return 'api_error';
  }
}

/** An answer with no content blocks, for the `empty-choices` fault. */
const EMPTY = resolveAnswer(
  { usage: { inputTokens: 1, outputTokens: 0 } },
  { nextCallId: () => '', requestChars: 0 },
);

/** The Anthropic Messages wire; `defaultModel` is echoed when a request names none. */
export function anthropicDialect(defaultModel: string): WireDialect {
  const model = (request: RecordedRequest): string => echoedModel(request, defaultModel);
  return {
    name: 'testkit',
    wantsStream: (request) => (request.body as { stream?: unknown } | undefined)?.stream === true,
    stream: (answer, request) => encodeAnthropicStream(answer, request, model(request)),
    completion: (answer, request, finished) =>
      encodeAnthropicMessage(answer, request, model(request), finished),
    errorBody: (status, message, type) => ({
      type: 'error',
      error: { type: type ?? errorType(status), message },
    }),
    streamError: (type, message) => ({
      event: 'error',
      data: JSON.stringify({ type: 'error', error: { type, message } }),
    }),
    emptyStream(request) {
      const { content, finish } = encodeAnthropicStream(EMPTY, request, model(request));
      return [...content, ...finish];
    },
    emptyCompletion: (request) => encodeAnthropicMessage(EMPTY, request, model(request), true),
  };
}
