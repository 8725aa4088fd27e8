// The door of a kodama server on this machine (mcp serve --http, the AG-UI endpoint, the
// inspector): who may come in before anything runs. In core so the three servers share one copy.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Why a request is refused before anything runs: 403 foreign Host or Origin, 401 no or wrong token. */
export interface Refusal {
  readonly status: 401 | 403;
  readonly message: string;
}

/** Who may come in: the bearer token (`undefined`: none needed) and extra `Host` names to accept. */
export interface LocalDoor {
  /** The bearer token every request must carry; `undefined` serves without one (an explicit choice). */
  readonly token: string | undefined;
  /** `Host` values (`name:port`) accepted beside the address the request arrived at (a reverse proxy). */
  readonly allowedHosts?: readonly string[];
}

/** True for an address of this machine only: 127.0.0.0/8, ::1 (and its IPv4-mapped form), `localhost`. */
export function isLoopback(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === 'localhost' || a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** `host:port` as a URL writes it (`[::1]:8787`); a wildcard address gives the loopback one to open. */
export function urlHost(address: string, port: number): string {
  const a = address === '0.0.0.0' || address === '' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return isIP(a) === 6 ? `[${a}]:${port}` : `${a}:${port}`;
}

/**
 * Judges a request before its body is read: the `Host` header must name the
 * address and port the request arrived at (a loopback address also as
 * `localhost`), so a page whose name was re-pointed at 127.0.0.1 (DNS
 * rebinding) is refused; an `Origin`, when sent, must be that same origin, so
 * another site open in the browser is refused (403). Then the bearer token,
 * compared in constant time (401). `undefined` lets the request in.
 */
export function refusalOf(req: IncomingMessage, door: LocalDoor): Refusal | undefined {
  const hosts = acceptedHosts(req, door.allowedHosts ?? []);
  const host = req.headers.host?.toLowerCase();
  if (host === undefined || !hosts.includes(host))
    return { status: 403, message: `the Host header must be one of ${hosts.join(', ')}` };
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((h) => origin.toLowerCase() === `http://${h}`))
    return { status: 403, message: 'requests from another origin are refused' };
  if (door.token !== undefined && !sameSecret(bearerOf(req), door.token))
    return { status: 401, message: 'a bearer token is required (Authorization: Bearer <token>)' };
  return undefined;
}

function acceptedHosts(req: IncomingMessage, extra: readonly string[]): string[] {
  const address = (req.socket.localAddress ?? '').replace(/^::ffff:/, '');
  const port = req.socket.localPort ?? 0;
  const hosts = [urlHost(address, port)];
  if (isLoopback(address)) hosts.push(`localhost:${port}`);
  // A browser leaves the port out when it is the scheme's default.
  if (port === 80) hosts.push(...hosts.map((h) => h.replace(/:80$/, '')));
  return [...hosts, ...extra].map((h) => h.toLowerCase());
}

function bearerOf(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : '';
}

/** Equal secrets, in time that does not depend on where they differ or on their lengths. */
export function sameSecret(given: string, wanted: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(wanted)) && given.length > 0;
}
