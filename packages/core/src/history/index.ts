// Public API of conversation history: the value, its formats, and the repair.
export { HistoryError } from './errors.ts';
export { History, type HistorySaveOptions } from './history.ts';
export { type HistoryMessage, type HistoryMessageKind, mintMessageId } from './history-message.ts';
export { INTERRUPTED_RESULT } from './repair.ts';
export type { HistoryDocument, ImageAttachmentRef } from './serialize.ts';
