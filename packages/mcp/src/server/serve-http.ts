import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isLoopback, refusalOf, urlHost } from '@kodama/core/local-door';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

/** Options of {@link serveHttp}. */
export interface HttpServeOptions {
  /** The port; 0 (default) picks a free one. */
  readonly port?: number;
  /** The address to listen on; default `127.0.0.1`. Another one still needs the token. */
  readonly host?: string;
  /** The bearer token every request must carry; default: 24 random bytes (see {@link HttpEndpoint.token}). */
  readonly token?: string;
  /** Serve without a token: anyone on this machine may call the tools. Loopback addresses only. */
  readonly noAuth?: boolean;
  /** Largest request body accepted, in bytes; default 4 MiB (the SDK's own limit). */
  readonly maxBodyBytes?: number;
}

/** A running Streamable HTTP endpoint. */
export interface HttpEndpoint {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  readonly port: number;
  /** The bearer token a client sends (`Authorization: Bearer <token>`); `undefined` under `noAuth`. */
  readonly token: string | undefined;
  /** Stops listening and closes every session. */
  close(): Promise<void>;
}

/** A body that cannot be read: not JSON (JSON-RPC's parse error, 400) or too large (413). */
class BodyError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

async function body(req: IncomingMessage, max: number): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > max) throw new BodyError(`the body is over ${max} bytes`, 413);
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BodyError(`the body is not JSON: ${(error as Error).message}`, 400);
  }
}

/**
 * The id of the request a body carries: a reply to a request that had an id
 * carries it back (JSON-RPC); `null` only when no id can be known (a body not
 * read or not JSON, a batch, a notification).
 */
function requestId(parsed: unknown): string | number | null {
  const id = (parsed as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  code = -32000,
  id: string | number | null = null,
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
  });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}

/**
 * Serves MCP over Streamable HTTP at `/mcp`, one SDK server from `makeServer`
 * per session (session ids, SSE replies, DELETE ends a session). Every request
 * is judged before its body is read: its `Host` must be the address it came to
 * and any `Origin` that same origin (else 403: DNS rebinding, another site in
 * the browser), and it must carry the bearer token (else 401). A body that is
 * not JSON gets JSON-RPC's `-32700` with 400. Listens on 127.0.0.1 unless
 * `host` says otherwise.
 *
 * @throws Error when `noAuth` is asked for on an address that is not loopback.
 */
export async function serveHttp(
  makeServer: () => Promise<Server>,
  options: HttpServeOptions = {},
): Promise<HttpEndpoint> {
  const host = options.host ?? '127.0.0.1';
  if (options.noAuth && !isLoopback(host))
    throw new Error(`serving without a token is for loopback addresses only, not ${host}: give a token`);
  const token = options.noAuth ? undefined : (options.token ?? randomBytes(24).toString('base64url'));
  const max = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (req, res) => {
    try {
      const refused = refusalOf(req, { token });
      if (refused) return reply(res, refused.status, refused.message);
      if (!req.url?.startsWith('/mcp')) return reply(res, 404, 'not found: the endpoint is /mcp');
      const parsed = req.method === 'POST' ? await body(req, max) : undefined;
      const sid = req.headers['mcp-session-id'];
      let transport = typeof sid === 'string' ? sessions.get(sid) : undefined;
      if (!transport) {
        // The protocol's answers: 404 to a session id it does not know (the client then starts a
        // new session), 400 to anything but an initialize request without one.
        const id = requestId(parsed);
        if (sid !== undefined) return reply(res, 404, 'no such session: start a new one', -32000, id);
        if (!isInitializeRequest(parsed))
          return reply(res, 400, 'no session: send initialize first', -32000, id);
        const fresh = new StreamableHTTPServerTransport({
          sessionIdGenerator: randomUUID,
          onsessioninitialized: (id) => {
            sessions.set(id, fresh);
          },
          onsessionclosed: (id) => {
            sessions.delete(id);
          },
        });
        await (await makeServer()).connect(fresh);
        transport = fresh;
      }
      await transport.handleRequest(req, res, parsed);
    } catch (error) {
      if (res.headersSent) return void res.end();
      if (error instanceof BodyError)
        return reply(res, error.status, `Parse error: ${error.message}`, -32700);
      reply(res, 500, error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const actual = (http.address() as { port: number }).port;
  return {
    url: `http://${urlHost(host, actual)}/mcp`,
    port: actual,
    token,
    close: async () => {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
