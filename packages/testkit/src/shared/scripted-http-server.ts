import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RecordedRequest } from '../script.ts';
import { type HttpExchange, sendJson } from './http-exchange.ts';
import type { ScriptedServer } from './server-types.ts';
import { promptText, SHARED_PREFIX_WINDOW, sharedPrefix } from './shared-prefix.ts';

/** What a provider flavour plugs into the shared server. */
export interface ServerRoutes {
  /** Whether `method pathname` is a model call (consumes a scripted reply). */
  isModelCall(method: string, pathname: string): boolean;
  /** Answers a model call. Runs after the request is recorded. */
  modelCall(exchange: HttpExchange): Promise<void>;
  /** Answers anything else (return false for a 404). */
  other(exchange: HttpExchange): boolean | Promise<boolean>;
}

/** Listens on host:port and records, routes and tracks every request. */
export async function startScriptedHttpServer(
  routes: ServerRoutes,
  listen: { readonly host: string; readonly port: number },
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const modelCalls: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const disconnectWaiters: Array<() => void> = [];
  let disconnects = 0;
  let unawaitedDisconnects = 0;
  let closing = false;
  const earlierPrompts: { prompt: string; callIndex: number }[] = [];

  const onDisconnect = (): void => {
    disconnects++;
    const waiter = disconnectWaiters.shift();
    if (waiter) waiter();
    else unawaitedDisconnects++;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://testkit.invalid');
    const method = req.method ?? 'GET';
    const body = parseBody(raw);
    const modelCall = routes.isModelCall(method, url.pathname);
    const prompt = modelCall && body.ok ? promptText(body.value) : undefined;
    const shared = prompt === undefined ? undefined : sharedPrefix(earlierPrompts, prompt);
    if (prompt !== undefined) {
      earlierPrompts.push({ prompt, callIndex: modelCalls.length });
      if (earlierPrompts.length > SHARED_PREFIX_WINDOW) earlierPrompts.shift();
    }
    const request: RecordedRequest = {
      method,
      path: url.pathname + url.search,
      headers: flattenHeaders(req),
      body: body.ok ? body.value : raw,
      callIndex: modelCall && body.ok ? modelCalls.length : -1,
      ...(shared ? { sharedPrefix: shared } : {}),
    };
    requests.push(request);
    if (modelCall && !body.ok) {
      sendJson(res, 400, {
        error: { message: 'testkit: request body is not JSON', type: 'invalid_request' },
      });
      return;
    }

    const controller = new AbortController();
    let cutByServer = false;
    res.on('close', () => {
      controller.abort();
      if (modelCall && !res.writableEnded && !cutByServer && !closing) onDisconnect();
    });
    const exchange: HttpExchange = {
      request,
      url,
      res,
      signal: controller.signal,
      cut: () => {
        cutByServer = true;
        res.destroy();
      },
    };
    if (modelCall) {
      modelCalls.push(request);
      await routes.modelCall(exchange);
    } else if (!(await routes.other(exchange))) {
      sendJson(res, 404, {
        error: { message: `testkit: no route for ${method} ${url.pathname}`, type: 'not_found' },
      });
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // An aborted delay after the client left is normal; anything else is a testkit bug worth a 500.
      if (res.headersSent || res.destroyed) return;
      sendJson(res, 500, {
        error: { message: `testkit: internal error: ${String(error)}`, type: 'server_error' },
      });
    });
  });
  // Node's 5 s default closes idle keep-alive sockets sooner than providers do; a busy client that
  // reuses one as it closes sees "other side closed" on a request the script never received.
  server.keepAliveTimeout = 65_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;

  return {
    url: `http://${host}:${port}`,
    requests,
    modelCalls,
    get disconnects() {
      return disconnects;
    },
    waitForDisconnect() {
      if (unawaitedDisconnects > 0) {
        unawaitedDisconnects--;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => disconnectWaiters.push(resolve));
    },
    close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      return closed;
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string): { ok: true; value: unknown } | { ok: false } {
  if (raw === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
