import { type FetchFunction, fetchJson } from '../http/fetch-json.ts';

interface Props {
  role?: unknown;
  default_generation_settings?: { n_ctx?: unknown };
}

function nCtx(props: unknown): number | undefined {
  const value = (props as Props | undefined)?.default_generation_settings?.n_ctx;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/**
 * llama.cpp's context size from `GET <root>/props`
 * (`default_generation_settings.n_ctx`). A server in router mode answers the
 * bare path with `role: "router"` and n_ctx 0, so it is asked again for the
 * model: `GET /props?model=<id>`. Throws when the server does not answer.
 */
export async function probeLlamaCppContextWindow(
  root: string,
  modelId: string,
  options: { fetch?: FetchFunction; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<number | undefined> {
  const props = await fetchJson(`${root}/props`, options);
  const direct = nCtx(props);
  if (direct !== undefined) return direct;
  const { role, default_generation_settings: settings } = (props ?? {}) as Props;
  if (role !== 'router' && settings?.n_ctx !== 0) return undefined;
  return nCtx(await fetchJson(`${root}/props?model=${encodeURIComponent(modelId)}`, options));
}
