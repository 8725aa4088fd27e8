import { InvalidOptionError } from '../errors/invalid-option-error.ts';
import type { HistoryMessage } from '../history/history-message.ts';
import type { IdSource } from '../ids/id-source.ts';
import { taintSources } from '../taint/taint-sources.ts';
import type { CompactionPlan } from './plan-compaction.ts';

/** The text of the message that stands in for `count` folded messages. */
function summaryContent(count: number, summary: string): string {
  const noun = count === 1 ? 'message' : 'messages';
  return (
    `<conversation-summary messages="${count}">\n` +
    `The ${count} earlier ${noun} of this conversation were replaced by this summary to save space.\n\n` +
    `${summary}\n</conversation-summary>`
  );
}

/**
 * The compacted conversation: `plan.head`, then one `injected` user message
 * holding `summaryText` marked as a summary of the folded messages
 * (`<conversation-summary messages="N">…</conversation-summary>`), then
 * `plan.tail`. The summary's id comes from `ids`. The summary carries the
 * taint of what it replaced (`HistoryMessage.taint`): `taint`, by default
 * the taint the folded messages recorded, so a page the model read before
 * the compaction still holds egress back after it.
 *
 * The result stays sendable: the head ends with a user message and the tail
 * starts with a user or an assistant message, so the summary adds a user-role
 * message next to a user message, as interjections and extension injections
 * already do (providers accept consecutive user messages and `History.parse`
 * does too), and no tool result is parted from its call.
 *
 * Throws {@link InvalidOptionError} for a blank summary: folding messages into
 * nothing would drop them without a trace.
 */
export function applyCompaction(
  plan: CompactionPlan,
  summaryText: string,
  ids: IdSource,
  taint: readonly string[] = taintSources(plan.fold),
): HistoryMessage[] {
  const summary = summaryText.trim();
  if (summary === '')
    throw new InvalidOptionError('applyCompaction summaryText', 'a non-blank summary', summaryText);
  const message: HistoryMessage = {
    id: ids.next('message'),
    kind: 'injected',
    message: { role: 'user', content: summaryContent(plan.fold.length, summary) },
    ...(taint.length > 0 ? { taint: [...taint] } : {}),
  };
  return [...plan.head, message, ...plan.tail];
}
