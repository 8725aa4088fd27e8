import { sendJson } from '../shared/http-exchange.ts';
import { pickReply } from '../shared/pick-reply.ts';
import { playReply, sendScriptFailure } from '../shared/play-reply.ts';
import { callIdCounter } from '../shared/resolve-answer.ts';
import { startScriptedHttpServer } from '../shared/scripted-http-server.ts';
import type { ScriptedServer, ScriptedServerOptions } from '../shared/server-types.ts';
import { anthropicDialect } from './dialect.ts';

/**
 * Starts a scripted Anthropic Messages server: `POST /v1/messages` (streamed
 * or not) plays the script; `GET /v1/models` lists the models in Anthropic's
 * shape. Every request is recorded.
 */
export function startAnthropicServer(options: ScriptedServerOptions): Promise<ScriptedServer> {
  const models = options.models ?? ['scripted-model'];
  const dialect = anthropicDialect(models[0] ?? 'scripted-model');
  const nextCallId = callIdCounter();
  return startScriptedHttpServer(
    {
      isModelCall: (method, pathname) => method === 'POST' && pathname === '/v1/messages',
      async modelCall(exchange) {
        const picked = pickReply(options.script, exchange.request, 'testkit');
        if (!picked.ok) return sendScriptFailure(exchange, dialect, picked.message);
        await playReply(exchange, picked.reply, dialect, nextCallId);
      },
      other(exchange) {
        if (exchange.request.method !== 'GET' || exchange.url.pathname !== '/v1/models') return false;
        sendJson(exchange.res, 200, {
          data: models.map((id) => ({
            type: 'model',
            id,
            display_name: id,
            created_at: '2024-01-01T00:00:00Z',
          })),
          has_more: false,
          first_id: models[0] ?? null,
          last_id: models.at(-1) ?? null,
        });
        return true;
      },
    },
    { host: options.host ?? '127.0.0.1', port: options.port ?? 0 },
  );
}
