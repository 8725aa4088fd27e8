import {
  type DownloadedText,
  type DownloadOptions,
  downloadedText,
  looksLikeText,
} from '../fetch/fetch-text.ts';
import { decodeBody, isHtmlMediaType, isTextualMediaType } from '../http/content-type.ts';
import { FetchError } from '../http/fetch-error.ts';
import { assertOk, httpRequest } from '../http/http-request.ts';
import { extractHtml } from './extract-html.ts';
import { pdfToText } from './pdf-to-text.ts';

function isPdf(mediaType: string, body: Uint8Array): boolean {
  return mediaType === 'application/pdf' || Buffer.from(body.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * Downloads `url` and returns its readable content: HTML as Markdown (see
 * {@link extractHtml}), PDFs as text with page markers, other text verbatim.
 * The extractor is chosen by Content-Type, except that the `%PDF-` magic
 * always wins (servers often label PDFs `application/octet-stream`). A body
 * over `maxBodyBytes` (default 20 MB) is read as far as it was downloaded and
 * `cutAtBytes` says so; a cut PDF cannot be read and is refused.
 *
 * @throws FetchError for HTTP errors, timeouts, bad URLs, unreadable types and broken PDFs.
 */
export async function scrapeUrl(
  url: string,
  options: DownloadOptions & { signal?: AbortSignal } = {},
): Promise<DownloadedText> {
  const response = await httpRequest(url, options);
  assertOk(response);
  const { mediaType, charset } = response.contentType;
  if (isPdf(mediaType, response.body)) {
    if (response.truncated) {
      throw new FetchError(
        'too-large',
        `${response.url} is a PDF larger than the download limit; it cannot be read`,
      );
    }
    try {
      return downloadedText(await pdfToText(response.body), response);
    } catch (error) {
      throw new FetchError(
        'unsupported-content-type',
        `${response.url} could not be read as a PDF: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }
  if (isHtmlMediaType(mediaType)) {
    return downloadedText(extractHtml(decodeBody(response.body, charset), response.url), response);
  }
  if (isTextualMediaType(mediaType) || (mediaType === '' && looksLikeText(response.body))) {
    return downloadedText(decodeBody(response.body, charset), response);
  }
  throw new FetchError(
    'unsupported-content-type',
    `${response.url} is ${mediaType || 'binary data with no content type'}, which web_scrape cannot read: it reads HTML, PDF and text`,
  );
}
