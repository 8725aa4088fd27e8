import http from 'node:http';
import https from 'node:https';
import type { FetchFunction } from './fetch-json.ts';

/** The slice of a fetch `Response` the streaming adapter reads. */
interface StreamingResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: Headers;
  text(): Promise<string>;
  readonly body: {
    getReader(): { read(): Promise<IteratorResult<Uint8Array>>; cancel(reason?: unknown): Promise<void> };
  };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/**
 * A POST for a streamed model answer over `node:http` / `node:https`, shaped
 * like the slice of `fetch` the lean adapter uses. Why not `fetch`: with a
 * thousand concurrent streams, undici's fetch (a web ReadableStream and its
 * promises per response) cost about twice the CPU and 70 MB more memory than
 * a plain request in the same run (see docs/DECISIONS.md). Errors keep their
 * Node shape (`code: 'ECONNREFUSED'`, ...); an abort rejects with the
 * signal's reason, as fetch does.
 */
export const nodeHttpFetch = ((input: string | URL, init: RequestInit = {}): Promise<StreamingResponse> => {
  const url = new URL(String(input));
  const signal = init.signal ?? undefined;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const request = client.request(url, {
      method: init.method ?? 'GET',
      headers: init.headers as http.OutgoingHttpHeaders,
    });
    const onAbort = () => request.destroy(abortReason(signal!) as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    request.on('response', (response) => {
      const chunks = response[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const stop = () => signal?.removeEventListener('abort', onAbort);
      response.once('close', stop);
      resolve({
        ok: (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300,
        status: response.statusCode ?? 0,
        headers: toHeaders(response.headers),
        text: async () => {
          const parts: Buffer[] = [];
          for await (const chunk of response) parts.push(chunk as Buffer);
          return Buffer.concat(parts).toString('utf8');
        },
        body: {
          getReader: () => ({
            read: () => chunks.next() as Promise<IteratorResult<Uint8Array>>,
            cancel: async (reason?: unknown) => {
              response.destroy(reason instanceof Error ? reason : undefined);
            },
          }),
        },
      });
    });
    request.end(typeof init.body === 'string' ? init.body : undefined);
  });
}) as unknown as FetchFunction;
