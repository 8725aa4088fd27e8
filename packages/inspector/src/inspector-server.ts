import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isLoopback, refusalOf, urlHost } from '@kodama/core/local-door';
import { SESSION_ID_PATTERN, type SessionStore } from '@kodama/core/session';
import type { TrifectaReport } from '@kodama/core/trifecta';
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
  /** The port; 0 (default) picks a free one. */
  readonly port?: number;
  /** The address to listen on; default `127.0.0.1`. Another one still needs the token. */
  readonly host?: string;
  /** The token every API request must carry; default: 24 random bytes. */
  readonly token?: string;
  /** Serve without a token: anyone on this machine may read the sessions. Loopback addresses only. */
  readonly noAuth?: boolean;
}

/** A running inspector. */
export interface Inspector {
  /** The page's address, the token in its fragment (`/#token=…`): open it in a browser. */
  readonly url: string;
  /** The bearer token of the API; `undefined` under `noAuth`. */
  readonly token: string | undefined;
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
 * the session store, on 127.0.0.1 unless `host` says otherwise. Every
 * request whose `Host` is not this server (DNS rebinding) or whose `Origin`
 * is another site gets 403, so another page in the browser cannot read the
 * sessions. Every API request needs the token as a bearer token (else 401).
 * The address to open carries the token in its fragment, which the browser
 * never sends: the page keeps it in the tab's `sessionStorage` and takes it
 * out of the address bar. The page's own files hold no data.
 *
 * @throws Error when `noAuth` is asked for on an address that is not loopback.
 */
export async function startInspector(options: InspectorOptions): Promise<Inspector> {
  const host = options.host ?? '127.0.0.1';
  if (options.noAuth && !isLoopback(host))
    throw new Error(`serving without a token is for loopback addresses only, not ${host}: give a token`);
  const token = options.noAuth ? undefined : (options.token ?? randomBytes(24).toString('base64url'));
  const server: Server = createServer((req, res) => {
    handle(req, res, options, token).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as { port: number };
  const origin = `http://${urlHost(host, port)}`;
  return {
    url: token === undefined ? `${origin}/` : `${origin}/#token=${encodeURIComponent(token)}`,
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
  token: string | undefined,
): Promise<void> {
  // Host and Origin first, for the page's files too; then the token, for everything under /api/.
  const foreign = refusalOf(req, { token: undefined });
  if (foreign) return json(res, foreign.status, { error: foreign.message });
  const url = new URL(req.url ?? '/', 'http://inspector');
  if (req.method !== 'GET') return json(res, 405, { error: 'GET only' });
  const file = PAGE[url.pathname];
  if (file) return page(res, file);
  const refused = refusalOf(req, { token });
  if (refused)
    return json(res, refused.status, {
      error: 'the inspector token is required: open the address kodama inspect printed',
    });
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
