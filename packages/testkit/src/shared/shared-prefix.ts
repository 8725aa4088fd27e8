// How much of an earlier model request a request repeats from its start:
// what a provider's prompt cache can reuse. The earlier request is the one of
// the latest few that shares the most (a side request, such as a summary or
// a description written with the same model, sits between two requests of a
// conversation without hiding what the second reuses of the first). The
// prompt is read in the order providers cache it (tools, then the system
// prompt, then the messages), each part as its JSON, so a tool list
// reordered, a system prompt rewritten or an earlier message changed all cut
// the shared prefix where they differ.

/** The prefix a model request shares with the earlier request it repeats most of. */
export interface SharedPrefix {
  /** Characters of that earlier request's prompt that this one repeats from its start. */
  readonly chars: number;
  /** That earlier request's prompt length, in the same characters. */
  readonly previousChars: number;
  /** `chars / previousChars` (1: the whole earlier prompt is this one's start). */
  readonly ratio: number;
  /** The `callIndex` of that earlier request. */
  readonly of: number;
}

/** How many earlier prompts a request is compared with. */
export const SHARED_PREFIX_WINDOW = 16;

/** A request body's prompt, as providers cache it: tools, system, messages. */
export function promptText(body: unknown): string {
  const b = (body ?? {}) as { tools?: unknown; system?: unknown; messages?: unknown };
  const parts = [JSON.stringify(b.tools ?? null), JSON.stringify(b.system ?? null)];
  for (const message of Array.isArray(b.messages) ? b.messages : []) parts.push(JSON.stringify(message));
  return parts.join('\n');
}

/** Characters `a` and `b` share from their start. */
function commonStart(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let chars = 0;
  while (chars < limit && a.charCodeAt(chars) === b.charCodeAt(chars)) chars++;
  return chars;
}

/**
 * The prefix `current` shares with the earlier prompt (all {@link promptText}s,
 * with their call indexes) that it repeats most of; ties go to the latest.
 * Undefined when there is none.
 */
export function sharedPrefix(
  earlier: readonly { readonly prompt: string; readonly callIndex: number }[],
  current: string,
): SharedPrefix | undefined {
  let best: SharedPrefix | undefined;
  for (const { prompt, callIndex } of earlier) {
    const chars = commonStart(prompt, current);
    if (best !== undefined && chars < best.chars) continue;
    const ratio = prompt.length === 0 ? 1 : chars / prompt.length;
    best = { chars, previousChars: prompt.length, ratio, of: callIndex };
  }
  return best;
}
