import type { RecordedRequest } from '../script.ts';
import { echoedModel } from '../shared/echoed-model.ts';
import type { WireDialect } from '../shared/wire-dialect.ts';
import {
  encodeOpenAICompletion,
  encodeOpenAIEmptyCompletion,
  encodeOpenAIEmptyStream,
  encodeOpenAIStream,
} from './chunks.ts';

/** OpenAI error `type` and `code` for an HTTP status. */
function errorKind(status: number): { type: string; code: string | null } {
  if (status === 401) return { type: 'invalid_request_error', code: 'invalid_api_key' };
  if (status === 404) return { type: 'invalid_request_error', code: 'model_not_found' };
  if (status === 429) return { type: 'requests', code: 'rate_limit_exceeded' };
  if (status >= 500) return { type: 'server_error', code: null };
  return { type: 'invalid_request_error', code: null };
}

/** The OpenAI chat-completions wire; `defaultModel` is echoed when a request names none. */
export function openAIDialect(defaultModel: string): WireDialect {
  const model = (request: RecordedRequest): string => echoedModel(request, defaultModel);
  return {
    name: 'testkit',
    wantsStream: (request) => (request.body as { stream?: unknown } | undefined)?.stream === true,
    stream: (answer, request) => encodeOpenAIStream(answer, request, model(request)),
    completion: (answer, request, finished) =>
      encodeOpenAICompletion(answer, request, model(request), finished),
    errorBody(status, message, type) {
      const kind = errorKind(status);
      return { error: { message, type: type ?? kind.type, param: null, code: kind.code } };
    },
    streamError: (errorType, message) => ({
      data: JSON.stringify({ error: { message, type: errorType, param: null, code: null } }),
    }),
    emptyStream: (request) => encodeOpenAIEmptyStream(request, model(request)),
    emptyCompletion: (request) => encodeOpenAIEmptyCompletion(request, model(request)),
  };
}
