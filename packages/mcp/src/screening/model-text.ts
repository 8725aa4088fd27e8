import type { Model } from '@kodama/core';
import type { ModelRequest } from '@kodama/core/model';

/** Sends one tools-free request to `model` and returns its whole answer text. */
export async function modelText(model: Model, request: ModelRequest, signal?: AbortSignal): Promise<string> {
  let text = '';
  for await (const part of model.stream(request, signal ? { signal } : {})) {
    if (part.type === 'text-delta') text += part.text;
  }
  return text;
}
