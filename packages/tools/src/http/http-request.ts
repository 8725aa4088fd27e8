import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  ACCEPT,
  CONNECT_TIMEOUT_MS,
  ERROR_BODY_EXCERPT,
  MAX_BODY_BYTES,
  MAX_REDIRECTS,
  READ_TIMEOUT_MS,
  USER_AGENT,
} from './constants.ts';
import { type ContentType, decodeBody, parseContentType } from './content-type.ts';
import { FetchError } from './fetch-error.ts';
import { isCrossOrigin, withoutCredentialHeaders } from './redirect-headers.ts';

/** Knobs of {@link httpRequest}; every default is pikuri's. */
export interface HttpRequestOptions {
  readonly method?: 'GET' | 'POST';
  /**
   * Extra headers; User-Agent and Accept default to {@link USER_AGENT} and {@link ACCEPT}.
   * Credential headers (Authorization, Cookie, API keys: see `CREDENTIAL_HEADERS`) are
   * dropped for the rest of the chain once a redirect leaves the first URL's origin.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /** More header names to treat as credentials on redirects (a custom engine's key header). */
  readonly credentialHeaders?: readonly string[];
  readonly body?: string;
  /** Cancels the download (the turn's signal); the rejection is the abort reason. */
  readonly signal?: AbortSignal;
  /** Default {@link CONNECT_TIMEOUT_MS}. */
  readonly connectTimeoutMs?: number;
  /** Idle time allowed waiting for headers or the next body chunk; default {@link READ_TIMEOUT_MS}. */
  readonly readTimeoutMs?: number;
  /** Default {@link MAX_REDIRECTS}. */
  readonly maxRedirects?: number;
  /** Default {@link MAX_BODY_BYTES}. */
  readonly maxBodyBytes?: number;
}

/** A completed response (any status: see {@link assertOk}). */
export interface HttpResponse {
  /** The final URL, after redirects. */
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly headers: IncomingHttpHeaders;
  readonly contentType: ContentType;
  /** The body, decompressed. */
  readonly body: Uint8Array;
  /** True when the body was longer than `maxBodyBytes` and was cut there. */
  readonly truncated: boolean;
}

/** Options with every default applied, as the single-request step sees them. */
type Resolved = Required<Omit<HttpRequestOptions, 'body' | 'signal'>> &
  Pick<HttpRequestOptions, 'body' | 'signal'>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a URL over http(s) with redirects, connect and read timeouts, a
 * realistic User-Agent and transparent gzip/deflate/brotli decoding.
 *
 * @throws FetchError for a bad or non-http URL, too many redirects, a timeout,
 * a network failure or an oversized compressed stream; the abort reason when `signal` fires.
 */
export async function httpRequest(url: string, options: HttpRequestOptions = {}): Promise<HttpResponse> {
  const resolved: Resolved = {
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    body: options.body,
    signal: options.signal,
    connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    readTimeoutMs: options.readTimeoutMs ?? READ_TIMEOUT_MS,
    maxRedirects: options.maxRedirects ?? MAX_REDIRECTS,
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    credentialHeaders: options.credentialHeaders ?? [],
  };
  let current = parseHttpUrl(url);
  let method = resolved.method;
  let body = resolved.body;
  let headers = resolved.headers;
  for (let redirects = 0; ; redirects += 1) {
    const response = await requestOnce(current, { ...resolved, method, body, headers });
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.status) || !location) return response;
    if (redirects >= resolved.maxRedirects) {
      throw new FetchError(
        'too-many-redirects',
        `too many redirects (more than ${resolved.maxRedirects}) starting at ${url}`,
      );
    }
    const next = parseHttpUrl(new URL(location, current).toString());
    // Once dropped, credentials stay dropped, even if a later hop comes back to the first origin.
    if (isCrossOrigin(current, next)) headers = withoutCredentialHeaders(headers, resolved.credentialHeaders);
    current = next;
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = undefined;
    }
  }
}

/** Throws a {@link FetchError} with the status and a short body excerpt unless the status is 2xx. */
export function assertOk(response: HttpResponse): void {
  if (response.status >= 200 && response.status < 300) return;
  const text = decodeBody(response.body.subarray(0, ERROR_BODY_EXCERPT * 4), response.contentType.charset);
  const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_EXCERPT);
  throw new FetchError(
    'http-status',
    `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${response.url}${excerpt ? `: ${excerpt}` : ''}`,
    { status: response.status },
  );
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchError(
      'invalid-url',
      `invalid URL ${JSON.stringify(url)}: give an absolute URL with its scheme, e.g. "https://example.com/"`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FetchError(
      'invalid-url',
      `only http and https URLs are supported, not ${JSON.stringify(parsed.protocol)}`,
    );
  }
  return parsed;
}

function requestOnce(url: URL, options: Resolved): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      request.destroy();
      reject(mapError(error, url, options));
    };
    const request = client.request(url, {
      method: options.method,
      // No pooling: each download owns its socket, so nothing lingers after a tool call.
      agent: false,
      signal: options.signal,
      headers: {
        'User-Agent': USER_AGENT,
        Accept: ACCEPT,
        'Accept-Encoding': 'gzip, deflate, br',
        'Accept-Language': 'en-US,en;q=0.9',
        ...options.headers,
        ...(options.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(options.body)) } : {}),
      },
    });
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () =>
          fail(
            new FetchError(
              'timeout',
              `connecting to ${url.host} timed out after ${seconds(options.connectTimeoutMs)}`,
            ),
          ),
        options.connectTimeoutMs,
      );
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    // Node arms this idle timer only once the socket is connected.
    request.setTimeout(options.readTimeoutMs, () =>
      fail(
        new FetchError(
          'timeout',
          `no data from ${url.host} for ${seconds(options.readTimeoutMs)} (read timeout)`,
        ),
      ),
    );
    request.on('error', fail);
    request.on('response', (response) => {
      readBody(response, options.maxBodyBytes)
        .then(({ body, truncated }) => {
          if (settled) return;
          settled = true;
          resolve({
            url: url.toString(),
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: response.headers,
            contentType: parseContentType(response.headers['content-type']),
            body,
            truncated,
          });
          request.destroy();
        })
        .catch(fail);
    });
    request.end(options.body);
  });
}

async function readBody(
  response: IncomingMessage,
  maxBytes: number,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
  if (stream !== response) response.on('error', (error) => stream.destroy(error));
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    if (length + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - length));
      stream.destroy();
      response.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(buffer);
    length += buffer.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function mapError(error: unknown, url: URL, options: Resolved): unknown {
  if (FetchError.isInstance(error)) return error;
  if (options.signal?.aborted) return options.signal.reason ?? error;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  return new FetchError('network', `could not download ${url.toString()}: ${code ?? message}`, {
    cause: error,
  });
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}
