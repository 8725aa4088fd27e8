import { type FetchFunction, fetchJson } from '../http/fetch-json.ts';

/**
 * Ollama's context length from `POST <root>/api/show`: `model_info` holds it
 * under `<architecture>.context_length` (e.g. `llama.context_length`).
 * Throws when the server does not answer.
 */
export async function probeOllamaContextWindow(
  root: string,
  modelId: string,
  options: { fetch?: FetchFunction; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number | undefined> {
  const show = (await fetchJson(`${root}/api/show`, {
    ...options,
    method: 'POST',
    body: { model: modelId },
  })) as { model_info?: Record<string, unknown> } | undefined;
  const info = show?.model_info;
  if (!info) return undefined;
  const arch = info['general.architecture'];
  const value =
    typeof arch === 'string'
      ? info[`${arch}.context_length`]
      : Object.entries(info).find(([key]) => key.endsWith('.context_length'))?.[1];
  return typeof value === 'number' && value > 0 ? value : undefined;
}
