import type { HistoryMessage } from '../history/history-message.ts';
import { positiveIntegerOption } from './positive-integer-option.ts';

/**
 * A conversation cut in three for compaction: `head` and `tail` are kept
 * as they are, `fold` is replaced by a summary. `head`, `fold` and `tail`
 * concatenated are the planned entries, in order.
 */
export interface CompactionPlan {
  /** Everything up to and including the first user turn: what the conversation is about. */
  readonly head: readonly HistoryMessage[];
  /** The middle, to be summarised (never empty). */
  readonly fold: readonly HistoryMessage[];
  /** The latest turns (or steps), kept word for word. */
  readonly tail: readonly HistoryMessage[];
}

/** Options of {@link planCompaction}. */
export interface CompactionOptions {
  /** How many of the latest user turns the tail keeps (a turn starts at a `user` message). Default 2. */
  readonly keepLatestTurns?: number;
  /**
   * How many of the latest steps (a step starts at an assistant message) the
   * tail keeps when the turn rule leaves nothing to fold: a conversation of
   * few, long turns, such as a single task with many tool calls. Default 4.
   */
  readonly keepLatestSteps?: number;
}

/** Index of the `n`-th entry from the end whose kind is `kind`, or -1 when there are fewer. */
function nthFromEnd(entries: readonly HistoryMessage[], kind: HistoryMessage['kind'], n: number): number {
  let seen = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i]!.kind === kind && ++seen === n) return i;
  }
  return -1;
}

/**
 * Plans which part of a conversation to fold into a summary, or returns
 * `undefined` when there is nothing to fold.
 *
 * - `head`: everything up to and including the first `user` message (the task
 *   as the user first put it stays word for word);
 * - `tail`: the latest `keepLatestTurns` user turns with everything after them;
 *   when that leaves nothing between head and tail, the latest `keepLatestSteps`
 *   steps instead (a long single turn is what overflows most often, and the
 *   turn rule alone could never shorten it);
 * - `fold`: the rest, in between.
 *
 * Every boundary sits just before a user or an assistant message. The results
 * of a tool batch follow their assistant message with nothing in between
 * (`History.parse` and the loop's conversation both enforce it), so no boundary
 * can separate tool calls from their results. A conversation without a `user`
 * message has no head and is never planned.
 *
 * Throws {@link InvalidOptionError} for a count that is not a positive integer.
 */
export function planCompaction(
  entries: readonly HistoryMessage[],
  options: CompactionOptions = {},
): CompactionPlan | undefined {
  const keepTurns = positiveIntegerOption(options.keepLatestTurns, 2, 'CompactionOptions.keepLatestTurns');
  const keepSteps = positiveIntegerOption(options.keepLatestSteps, 4, 'CompactionOptions.keepLatestSteps');
  const firstUser = entries.findIndex((entry) => entry.kind === 'user');
  if (firstUser < 0) return undefined;
  const headEnd = firstUser + 1;
  let tailStart = nthFromEnd(entries, 'user', keepTurns);
  if (tailStart <= headEnd) tailStart = nthFromEnd(entries, 'assistant', keepSteps);
  if (tailStart <= headEnd) return undefined;
  return {
    head: entries.slice(0, headEnd),
    fold: entries.slice(headEnd, tailStart),
    tail: entries.slice(tailStart),
  };
}
