// How much of the previous model request a request repeats from its start:
// what a provider's prompt cache can reuse. The prompt is read in the order
// providers cache it (tools, then the system prompt, then the messages),
// each part as its JSON, so a tool list reordered, a system prompt rewritten
// or an earlier message changed all cut the shared prefix where they differ.

/** The prefix a model request shares with the previous one the server received. */
export interface SharedPrefix {
  /** Characters of the previous request's prompt that this one repeats from its start. */
  readonly chars: number;
  /** The previous request's prompt length, in the same characters. */
  readonly previousChars: number;
  /** `chars / previousChars` (1: the whole previous prompt is this one's start). */
  readonly ratio: number;
}

/** A request body's prompt, as providers cache it: tools, system, messages. */
export function promptText(body: unknown): string {
  const b = (body ?? {}) as { tools?: unknown; system?: unknown; messages?: unknown };
  const parts = [JSON.stringify(b.tools ?? null), JSON.stringify(b.system ?? null)];
  for (const message of Array.isArray(b.messages) ? b.messages : []) parts.push(JSON.stringify(message));
  return parts.join('\n');
}

/** The prefix `current` shares with `previous` (both {@link promptText}s). */
export function sharedPrefix(previous: string, current: string): SharedPrefix {
  const limit = Math.min(previous.length, current.length);
  let chars = 0;
  while (chars < limit && previous.charCodeAt(chars) === current.charCodeAt(chars)) chars++;
  return {
    chars,
    previousChars: previous.length,
    ratio: previous.length === 0 ? 1 : chars / previous.length,
  };
}
