import type { HttpExchange } from '../shared/http-exchange.ts';
import { sendJson } from '../shared/http-exchange.ts';

/** What the discovery routes know about the served models. */
export interface ContextRouteOptions {
  readonly models: readonly string[];
  readonly contextWindow: number | undefined;
  readonly router: boolean;
}

/**
 * `GET /v1/models`, llama.cpp `GET /props` (plain and router mode) and Ollama
 * `POST /api/show`. Returns false when the path is none of these.
 */
export function answerContextRoute(exchange: HttpExchange, options: ContextRouteOptions): boolean {
  const { request, url, res } = exchange;
  const route = `${request.method} ${url.pathname}`;
  if (route === 'GET /v1/models') {
    sendJson(res, 200, {
      object: 'list',
      data: options.models.map((id) => ({
        id,
        object: 'model',
        created: 1_700_000_000,
        owned_by: 'testkit',
      })),
    });
    return true;
  }
  if (route === 'GET /props') {
    answerProps(exchange, options);
    return true;
  }
  if (route === 'POST /api/show') {
    answerShow(exchange, options);
    return true;
  }
  return false;
}

function notFound(exchange: HttpExchange, message: string): void {
  sendJson(exchange.res, 404, { error: { code: 404, message, type: 'not_found_error' } });
}

function answerProps(exchange: HttpExchange, options: ContextRouteOptions): void {
  const { contextWindow } = options;
  if (contextWindow === undefined) {
    notFound(exchange, 'testkit: no context window configured');
    return;
  }
  const asked = exchange.url.searchParams.get('model');
  if (options.router && asked === null) {
    sendJson(exchange.res, 200, { role: 'router', default_generation_settings: { n_ctx: 0 } });
    return;
  }
  const model = options.router ? asked! : options.models[0]!;
  if (options.router && !options.models.includes(model)) {
    notFound(exchange, `testkit: model '${model}' not found`);
    return;
  }
  sendJson(exchange.res, 200, {
    default_generation_settings: { n_ctx: contextWindow, params: {} },
    total_slots: 1,
    model_path: `/models/${model}.gguf`,
    build_info: 'testkit',
  });
}

function answerShow(exchange: HttpExchange, options: ContextRouteOptions): void {
  const body = exchange.request.body as { model?: unknown; name?: unknown } | undefined;
  const model = typeof body?.model === 'string' ? body.model : body?.name;
  if (options.contextWindow === undefined) {
    notFound(exchange, 'testkit: no context window configured');
    return;
  }
  if (typeof model !== 'string' || !options.models.includes(model)) {
    sendJson(exchange.res, 404, { error: `model '${String(model)}' not found` });
    return;
  }
  sendJson(exchange.res, 200, {
    modelfile: '',
    parameters: '',
    template: '',
    details: {
      format: 'gguf',
      family: 'llama',
      families: ['llama'],
      parameter_size: '1B',
      quantization_level: 'Q4_K_M',
    },
    model_info: { 'general.architecture': 'llama', 'llama.context_length': options.contextWindow },
  });
}
