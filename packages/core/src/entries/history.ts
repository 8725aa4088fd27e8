/** @kodama/core/history: the stored conversation, its messages and the repair of what a crash left. */
export { type HistoryMessage, type HistoryMessageKind, mintMessageId } from '../history/history-message.ts';
export { INTERRUPTED_RESULT } from '../history/repair.ts';
export type { HistoryDocument, ImageAttachmentRef } from '../history/serialize.ts';
