import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SESSION_ID_PATTERN, type SessionStore, type TrifectaReport } from '@kodama/core';
import { listSessions, sessionDetail, trifectaJson } from './inspector-data.ts';
import { type RecordedEvent, readRunEvents } from './run-event-log.ts';

/** Where a Run's recorded events come from: its events from the `from`-th on, `[]` when none. */
export type RunEventSource = (runId: string, from: number) => Promise<readonly RecordedEvent[]>;

/** Options of {@link startInspector}. */
export interface InspectorOptions {
  /** Where the sessions and Runs are read from. */
  readonly store: SessionStore;
  /** The trifecta map to draw (the assistant's); none hides that view. */
  readonly trifecta?: () => TrifectaReport;
  /** Where Runs' events were recorded (`recordRunEvents`): enables run timelines and the live view. */
  readonly eventsDir?: string;
  /**
   * Another place Runs' events are read from (e.g. the durable runs' event
   * log); when given it answers instead of `eventsDir`.
   */
  readonly runEvents?: RunEventSource;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  readonly port?: number;
  /** The token every request must carry; default: 24 random bytes. */
  readonly token?: string;
}

/** A running inspector. */
export interface Inspector {
  /** The page's address, token included: open it in a browser. */
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

const PAGE: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/app.js': 'app.js',
  '/style.css': 'style.css',
};
const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * Serves the inspector: a page (plain HTML, CSS and a JavaScript module from
 * the package's `page/` folder; nothing from a CDN) and a small JSON API over
 * the session store, on 127.0.0.1 only. Every API request needs the token
 * (the page's URL carries it as `?token=`; the page sends it as a bearer
 * token), and a request whose `Origin` is another site is refused, so another
 * tab cannot read the sessions. The page's own files hold no data and are served to anyone local.
 */
export async function startInspector(options: InspectorOptions): Promise<Inspector> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  let origin = '';
  const server: Server = createServer((req, res) => {
    handle(req, res, options, token, origin).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: InspectorOptions,
  token: string,
  origin: string,
): Promise<void> {
  const url = new URL(req.url ?? '/', origin);
  const from = req.headers.origin;
  if (from !== undefined && from !== origin)
    return json(res, 403, { error: 'requests from other origins are refused' });
  if (req.method !== 'GET') return json(res, 405, { error: 'GET only' });
  // The page's own files hold no data; everything under /api/ needs the token.
  const file = PAGE[url.pathname];
  if (file) return page(res, file);
  const given = url.searchParams.get('token') ?? bearer(req.headers.authorization);
  if (!same(given, token)) return json(res, 401, { error: 'the inspector token is required' });
  if (url.pathname === '/api/sessions') return json(res, 200, await listSessions(options.store));
  const session = /^\/api\/sessions\/([^/]+)$/.exec(url.pathname);
  if (session) {
    const id = decodeURIComponent(session[1]!);
    if (!SESSION_ID_PATTERN.test(id)) return json(res, 400, { error: `not a session id: ${id}` });
    const detail = await sessionDetail(options.store, id);
    return detail ? json(res, 200, detail) : json(res, 404, { error: `no session ${id}` });
  }
  const run = /^\/api\/runs\/([^/]+)\/events$/.exec(url.pathname);
  if (run) {
    const asked = Number(url.searchParams.get('from') ?? 0);
    const from = Number.isSafeInteger(asked) && asked > 0 ? asked : 0;
    const id = decodeURIComponent(run[1]!);
    if (options.runEvents) return json(res, 200, await options.runEvents(id, from));
    if (!options.eventsDir) return json(res, 200, []);
    return json(res, 200, await readRunEvents(options.eventsDir, id, from));
  }
  if (url.pathname === '/api/trifecta')
    return json(res, 200, options.trifecta ? trifectaJson(options.trifecta()) : null);
  return json(res, 404, { error: `no route ${url.pathname}` });
}

async function page(res: ServerResponse, file: string): Promise<void> {
  // The page/ folder sits beside src/ and dist/ alike.
  const body = await readFile(new URL(`../page/${file}`, import.meta.url));
  res.writeHead(200, {
    'content-type': TYPES[file.split('.').at(-1)!] ?? 'application/octet-stream',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'",
  });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

function bearer(header: string | undefined): string | null {
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

function same(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
