/** One parsed server-sent event. */
export interface ParsedEvent {
  readonly event: string | undefined;
  readonly data: string;
}

/** Parses a complete SSE body into events (test helper; no multi-line data support needed). */
export function parseSse(text: string): ParsedEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      let event: string | undefined;
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      return { event, data };
    });
}

/** Reads a streamed body to the end, returning what arrived and whether the stream failed. */
export async function readAll(response: Response): Promise<{ text: string; error: unknown }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, error: undefined };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, error };
  }
}

/** POSTs JSON and returns the response. */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * Reads until `count` complete events have arrived (0: returns at once) and
 * gives back their text, leaving the body unread after them.
 */
export async function readEvents(response: Response, count: number): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.split('\n\n').length - 1 < count) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the body ended after ${parseSse(text).length} of ${count} events`);
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}
