/** A current desktop Chrome User-Agent: many sites refuse or degrade obvious bots. */
export const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** The Accept header of pikuri's scraper: HTML first, PDFs, then any text. */
export const ACCEPT = 'text/html,application/xhtml+xml,application/pdf,text/*;q=0.8';

/** Redirects followed before giving up; a 6th is refused. */
export const MAX_REDIRECTS = 5;

/** Milliseconds to establish the TCP (and TLS) connection. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Milliseconds to wait for the response headers or the next chunk of the body. */
export const READ_TIMEOUT_MS = 20_000;

/** Largest body read, in bytes (after decompression); the rest is dropped and flagged. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** Characters of an error response's body quoted in the observation. */
export const ERROR_BODY_EXCERPT = 300;
