import { decodeBody, isTextualMediaType } from '../http/content-type.ts';
import { FetchError } from '../http/fetch-error.ts';
import { assertOk, type HttpRequestOptions, type HttpResponse, httpRequest } from '../http/http-request.ts';

/** HTTP knobs the web tools pass through (timeouts, redirects; tests use small ones). */
export type DownloadOptions = Omit<HttpRequestOptions, 'method' | 'body' | 'signal'>;

/** Text read from a download, with a note when the download was cut at the body cap. */
export interface DownloadedText {
  readonly text: string;
  /**
   * Set when the body was longer than `maxBodyBytes`: only this many bytes
   * (after decompression) were downloaded, and `text` comes from them alone.
   */
  readonly cutAtBytes: number | undefined;
}

/** The {@link DownloadedText} of a response: `cutAtBytes` set when its body was cut. */
export function downloadedText(text: string, response: HttpResponse): DownloadedText {
  return { text, cutAtBytes: response.truncated ? response.body.length : undefined };
}

/** True when a body without a Content-Type looks like text: no NUL bytes and no PDF magic near the start. */
export function looksLikeText(body: Uint8Array): boolean {
  const head = body.subarray(0, 1024);
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === '%PDF-') return false;
  return !head.includes(0);
}

/**
 * Downloads `url` and returns its body decoded as text, verbatim. Accepts
 * `text/*` and textual application types (JSON, XML, JS, XHTML, RSS, Atom);
 * a response with no Content-Type is accepted when it looks like text. A body
 * over `maxBodyBytes` (default 20 MB) is cut there and `cutAtBytes` says so.
 *
 * @throws FetchError for HTTP errors, timeouts, bad URLs and binary types.
 */
export async function fetchText(
  url: string,
  options: DownloadOptions & { signal?: AbortSignal } = {},
): Promise<DownloadedText> {
  const response = await httpRequest(url, options);
  assertOk(response);
  const { mediaType, charset } = response.contentType;
  const textual = mediaType === '' ? looksLikeText(response.body) : isTextualMediaType(mediaType);
  if (!textual) {
    const kind = mediaType === '' ? 'binary data with no content type' : mediaType;
    const hint = mediaType === 'application/pdf' ? '; use web_scrape to read PDFs as text' : '';
    throw new FetchError(
      'unsupported-content-type',
      `${response.url} is ${kind}, which fetch does not return: it only returns textual content (text/*, JSON, XML, JavaScript, XHTML, RSS, Atom)${hint}`,
    );
  }
  return downloadedText(decodeBody(response.body, charset), response);
}
