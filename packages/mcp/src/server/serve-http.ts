import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

/** A running Streamable HTTP endpoint. */
export interface HttpEndpoint {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening and closes every session. */
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text === '' ? undefined : JSON.parse(text);
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1 only (`port` 0 picks one), at
 * `/mcp`, one SDK server from `makeServer` per session (session ids, SSE
 * replies, DELETE ends a session).
 */
export async function serveHttp(makeServer: () => Promise<Server>, port: number): Promise<HttpEndpoint> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (req, res) => {
    try {
      if (!req.url?.startsWith('/mcp')) return reply(res, 404, 'not found: the endpoint is /mcp');
      const parsed = req.method === 'POST' ? await body(req) : undefined;
      const sid = req.headers['mcp-session-id'];
      let transport = typeof sid === 'string' ? sessions.get(sid) : undefined;
      if (!transport) {
        // The protocol's answers: 404 to a session id it does not know (the client then starts a
        // new session), 400 to anything but an initialize request without one.
        if (sid !== undefined) return reply(res, 404, 'no such session: start a new one');
        if (!isInitializeRequest(parsed)) return reply(res, 400, 'no session: send initialize first');
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
      if (!res.headersSent) reply(res, 500, error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (http.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    port: actual,
    close: async () => {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
