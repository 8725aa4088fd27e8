import { FetchError } from '../http/fetch-error.ts';
import { type HttpRequestOptions, type HttpResponse, httpRequest } from '../http/http-request.ts';
import { EngineUnavailableError } from './search-engine.ts';

/**
 * One HTTP call on behalf of an engine: any download failure or non-2xx
 * status becomes {@link EngineUnavailableError}; 429 (and the statuses in
 * `blockedStatuses`) mark it blocked. Aborts pass through unchanged.
 */
export async function engineRequest(
  engine: string,
  url: string,
  options: HttpRequestOptions & { blockedStatuses?: readonly number[] },
): Promise<HttpResponse> {
  let response: HttpResponse;
  try {
    response = await httpRequest(url, options);
  } catch (error) {
    if (FetchError.isInstance(error))
      throw new EngineUnavailableError(`${engine}: ${error.message}`, { cause: error });
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    const blocked = response.status === 429 || (options.blockedStatuses ?? []).includes(response.status);
    throw new EngineUnavailableError(
      `${engine}: HTTP ${response.status}${blocked ? ' (blocked or rate limited)' : ''}`,
      {
        blocked,
      },
    );
  }
  return response;
}

/** Parses a JSON body, turning garbage into {@link EngineUnavailableError}. */
export function parseJsonBody(engine: string, response: HttpResponse): unknown {
  try {
    return JSON.parse(Buffer.from(response.body).toString('utf8'));
  } catch (error) {
    throw new EngineUnavailableError(`${engine}: the response is not JSON`, { cause: error });
  }
}

/** Removes HTML tags and decodes the few entities APIs put in snippets. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
