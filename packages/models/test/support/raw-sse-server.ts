import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback OpenAI-compatible server whose chat answers a test writes byte by byte. */
export interface RawSseServer {
  /** API base, e.g. `http://127.0.0.1:1234/v1`. */
  readonly baseURL: string;
  /** Chat requests received (their parsed bodies), in order. */
  readonly requests: unknown[];
  close(): Promise<void>;
}

/**
 * Starts a raw `node:http` server: `GET /v1/models` lists model `m`, and every
 * `POST /v1/chat/completions` gets `text/event-stream` headers and is then
 * handed to `answer`, which writes what it likes (odd line endings, a 50 MB
 * line, keep-alives forever, a cut socket). Used where the testkit's scripted
 * server, which writes well-formed events, cannot say it.
 */
export async function startRawSseServer(answer: (res: ServerResponse) => void): Promise<RawSseServer> {
  const requests: unknown[] = [];
  const live = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (d: Buffer) => body.push(d));
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"object":"list","data":[{"id":"m","object":"model"}]}');
        return;
      }
      requests.push(JSON.parse(Buffer.concat(body).toString('utf8')));
      live.add(res);
      res.on('close', () => live.delete(res));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of live) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One chat chunk event carrying a text delta. */
export function deltaEvent(content: string, end = '\n\n'): string {
  return `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}${end}`;
}

/** The finish event and `[DONE]`. */
export const FINISH = 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
