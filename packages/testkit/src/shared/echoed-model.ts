import type { RecordedRequest } from '../script.ts';

/** The model id a response echoes: the request's `model`, else `fallback`. */
export function echoedModel(request: RecordedRequest, fallback: string): string {
  const model = (request.body as { model?: unknown } | undefined)?.model;
  return typeof model === 'string' ? model : fallback;
}
