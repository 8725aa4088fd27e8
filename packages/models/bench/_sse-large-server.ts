// Child process for sse-large: a raw node:http server (not the testkit's, so
// the payloads are built once, outside the client measured). Routes:
// - POST /big/v1/chat/completions: one SSE event whose delta is BIG_CHARS of text, then [DONE]
// - POST /small/v1/chat/completions: SMALL_EVENTS one-character deltas, SMALL_BATCH events per write
// - GET /{big,small}/v1/models: one model
// Prints its URL, exits when stdin ends.
import { createServer } from 'node:http';
import { bigEvent, SMALL_BATCH, SMALL_EVENTS, smallEvent } from './_sse-large-payload.ts';

const done = 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
const big = Buffer.from(bigEvent() + done);
const batch = Buffer.from(smallEvent().repeat(SMALL_BATCH));

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'GET' && req.url?.endsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"object":"list","data":[{"id":"m","object":"model"}]}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (req.url?.startsWith('/big/')) {
      res.end(big);
      return;
    }
    let sent = 0;
    const more = (): void => {
      while (sent < SMALL_EVENTS) {
        sent += SMALL_BATCH;
        if (!res.write(batch)) {
          res.once('drain', more);
          return;
        }
      }
      res.end(done);
    };
    more();
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address) process.stdout.write(`http://127.0.0.1:${address.port}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => server.close(() => process.exit(0)));
