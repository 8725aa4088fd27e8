import { embeddingsRoute } from '../embed/embeddings-route.ts';
import { pickReply } from '../shared/pick-reply.ts';
import { playReply, sendScriptFailure } from '../shared/play-reply.ts';
import { callIdCounter } from '../shared/resolve-answer.ts';
import { startScriptedHttpServer } from '../shared/scripted-http-server.ts';
import type { ScriptedServer, ScriptedServerOptions } from '../shared/server-types.ts';
import { answerContextRoute } from './context-routes.ts';
import { openAIDialect } from './dialect.ts';

/** Model ids served when the options name none. */
export const DEFAULT_MODELS: readonly string[] = ['scripted-model'];

/**
 * Starts a scripted OpenAI-compatible server: `POST /v1/chat/completions`
 * (streamed or not) plays the script; `GET /v1/models`, `GET /props` and
 * `POST /api/show` answer discovery probes; `POST /v1/embeddings` answers
 * deterministic hash vectors (`options.embeddings`). Every request is recorded.
 */
export function startOpenAICompatibleServer(options: ScriptedServerOptions): Promise<ScriptedServer> {
  const models = options.models ?? DEFAULT_MODELS;
  const dialect = openAIDialect(models[0] ?? 'scripted-model');
  const nextCallId = callIdCounter();
  const embeddings = embeddingsRoute(options.embeddings);
  return startScriptedHttpServer(
    {
      isModelCall: (method, pathname) => method === 'POST' && pathname === '/v1/chat/completions',
      async modelCall(exchange) {
        const picked = pickReply(options.script, exchange.request, 'testkit');
        if (!picked.ok) return sendScriptFailure(exchange, dialect, picked.message);
        await playReply(exchange, picked.reply, dialect, nextCallId);
      },
      other: (exchange) =>
        embeddings(exchange) ||
        answerContextRoute(exchange, {
          models,
          contextWindow: options.contextWindow,
          router: options.router ?? false,
        }),
    },
    { host: options.host ?? '127.0.0.1', port: options.port ?? 0 },
  );
}
