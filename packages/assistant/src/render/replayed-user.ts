import type { Content } from '@kodama/core';
import type { HistoryMessageKind } from '@kodama/core/history';
import { typedPrompt } from '../input/attachments.ts';

/** What a stored user message is drawn as when a conversation is replayed. */
export type ReplayedUser =
  | { readonly kind: 'prompt'; readonly text: string; readonly attached: readonly string[] }
  | { readonly kind: 'summary'; readonly notice: string };

/** The opening of the message core's compaction puts in place of the folded ones (applyCompaction). */
const SUMMARY = /^<conversation-summary messages="(\d+)">/;

/**
 * A stored user message as it read live: a prompt as typed with the names
 * of its attachments (their text was sent to the model, never shown), or a
 * compaction's summary as a notice, not its XML.
 */
export function replayedUser(kind: HistoryMessageKind, content: Content): ReplayedUser {
  const parts = typeof content === 'string' ? [{ type: 'text' as const, text: content }] : content;
  const texts: string[] = [];
  let images = 0;
  for (const part of parts) {
    if (part.type === 'text') texts.push(part.text);
    else images++;
  }
  const text = texts.join('\n');
  const summary = kind === 'injected' ? SUMMARY.exec(text) : null;
  if (summary) return { kind: 'summary', notice: `earlier conversation summarised (${summary[1]} messages)` };
  const typed = typedPrompt(text);
  const pictures = images === 0 ? [] : [images === 1 ? '1 image' : `${images} images`];
  return { kind: 'prompt', text: typed.text, attached: [...typed.attached, ...pictures] };
}
