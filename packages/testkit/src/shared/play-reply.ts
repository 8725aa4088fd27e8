import type { ScriptedAnswer, ScriptedReply } from '../script.ts';
import { type HttpExchange, sendJson } from './http-exchange.ts';
import { type ResolvedAnswer, resolveAnswer } from './resolve-answer.ts';
import { sleep } from './sleep.ts';
import { streamSse } from './sse.ts';
import type { WireDialect } from './wire-dialect.ts';

/** Status a non-streamed `stream-error` fault answers with (Anthropic's overloaded is 529). */
function streamErrorStatus(errorType: string): number {
  if (errorType === 'overloaded_error') return 529;
  if (errorType === 'rate_limit_error') return 429;
  return 500;
}

/**
 * Plays one scripted reply over HTTP in `dialect`'s wire format: answers,
 * HTTP errors, cuts, stalls, missing finishes, mid-stream errors, empty choices and hangs.
 */
export async function playReply(
  exchange: HttpExchange,
  reply: ScriptedReply,
  dialect: WireDialect,
  nextCallId: () => string,
): Promise<void> {
  const { request, res } = exchange;
  const streamed = dialect.wantsStream(request);
  const resolve = (answer: ScriptedAnswer): ResolvedAnswer =>
    resolveAnswer(answer, { nextCallId, requestChars: JSON.stringify(request.body ?? '').length });

  if (!('fault' in reply)) {
    const answer = resolve(reply);
    await sleep(answer.latencyMs, exchange.signal);
    if (!streamed) return sendJson(res, 200, dialect.completion(answer, request, true));
    const { content, finish } = dialect.stream(answer, request);
    return streamSse(exchange, [...content, ...finish], { chunkDelayMs: answer.chunkDelayMs, ending: 'end' });
  }

  switch (reply.fault) {
    case 'http': {
      const headers: Record<string, string> = {};
      if (reply.retryAfterSeconds !== undefined) headers['retry-after'] = String(reply.retryAfterSeconds);
      if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs);
      if (reply.body !== undefined) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...headers });
        res.end(reply.body);
        return;
      }
      const message = `${dialect.name}: scripted HTTP ${reply.status}`;
      return sendJson(res, reply.status, dialect.errorBody(reply.status, message), headers);
    }
    case 'cut':
    case 'stall':
      return playPartial(
        exchange,
        dialect,
        resolve(reply.answer),
        reply.afterEvents ?? 2,
        reply.fault === 'cut' ? 'cut' : 'hold',
      );
    case 'no-finish': {
      const answer = resolve(reply.answer);
      await sleep(answer.latencyMs, exchange.signal);
      if (!streamed) return sendJson(res, 200, dialect.completion(answer, request, false));
      const { content } = dialect.stream(answer, request);
      return streamSse(exchange, content, { chunkDelayMs: answer.chunkDelayMs, ending: 'end' });
    }
    case 'stream-error': {
      const message = reply.message ?? `${dialect.name}: scripted ${reply.errorType}`;
      const answer = resolve(reply.answer ?? {});
      await sleep(answer.latencyMs, exchange.signal);
      if (!streamed) {
        const status = streamErrorStatus(reply.errorType);
        return sendJson(res, status, dialect.errorBody(status, message, reply.errorType));
      }
      const { content } = dialect.stream(answer, request);
      const events = [
        ...content.slice(0, reply.afterEvents ?? 1),
        dialect.streamError(reply.errorType, message),
      ];
      return streamSse(exchange, events, { chunkDelayMs: answer.chunkDelayMs, ending: 'end' });
    }
    case 'empty-choices':
      if (!streamed) return sendJson(res, 200, dialect.emptyCompletion(request));
      return streamSse(exchange, dialect.emptyStream(request), { chunkDelayMs: 0, ending: 'end' });
    case 'hang':
      // Never answer; the socket dies when the client gives up or the server closes.
      return;
  }
}

/**
 * Plays the first `afterEvents` events of an answer, then destroys the socket
 * (`cut`) or keeps it open and silent (`hold`, a stall). Non-streamed, half the
 * JSON body goes out instead (nothing but the headers for a stall after 0 events).
 */
async function playPartial(
  exchange: HttpExchange,
  dialect: WireDialect,
  answer: ResolvedAnswer,
  afterEvents: number,
  ending: 'cut' | 'hold',
): Promise<void> {
  const { request, res } = exchange;
  await sleep(answer.latencyMs, exchange.signal);
  if (!dialect.wantsStream(request)) {
    const text = JSON.stringify(dialect.completion(answer, request, true));
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
    });
    const half = ending === 'hold' && afterEvents === 0 ? '' : text.slice(0, Math.floor(text.length / 2));
    if (ending === 'cut') res.write(half, () => exchange.cut());
    else if (half) res.write(half);
    else res.flushHeaders();
    return;
  }
  const { content, finish } = dialect.stream(answer, request);
  const events = [...content, ...finish].slice(0, afterEvents);
  return streamSse(exchange, events, { chunkDelayMs: answer.chunkDelayMs, ending });
}

/** Answers a model call whose script gave no reply (exhausted, or the script function threw). */
export function sendScriptFailure(exchange: HttpExchange, dialect: WireDialect, message: string): void {
  sendJson(exchange.res, 500, dialect.errorBody(500, message));
}
