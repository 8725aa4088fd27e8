/** Why and how much a conversation was compacted; the payload of the compaction event. */
export interface CompactionInfo {
  /** `overflow`: a request was refused as too long; `threshold`: the last request neared the window. */
  readonly reason: 'overflow' | 'threshold';
  /** How many messages were folded into the summary. */
  readonly foldedMessages: number;
  /** Length of the summary text, in characters. */
  readonly summaryChars: number;
}
