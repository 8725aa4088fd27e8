import type { Content, ContentPart, ImageContent } from '../messages/content.ts';
import type { ModelMessage } from '../messages/message.ts';
import type { Usage } from '../model/usage.ts';
import type { HistoryMessage } from './history-message.ts';

/** The `format` tag of every stored history document. */
export const HISTORY_FORMAT = 'kodama.history';
/** The format version this code writes and the newest it reads. */
export const HISTORY_FORMAT_VERSION = 1;

/** An image as stored in a history folder: bytes live in `attachments/`, named by their sha256. */
export interface ImageAttachmentRef {
  readonly type: 'image';
  readonly mediaType: string;
  /** `attachments/<sha256 hex>.<ext>`, relative to the folder. */
  readonly attachment: string;
}

/** The JSON document a history serializes to (version 1). */
export interface HistoryDocument {
  readonly format: typeof HISTORY_FORMAT;
  readonly version: typeof HISTORY_FORMAT_VERSION;
  /** Messages with only known fields; `undefined` optionals are left out. */
  readonly messages: readonly object[];
}

/** Turns an inline image into what the document stores (itself, or a folder reference). */
export type ImageWriter = (image: ImageContent) => ImageContent | ImageAttachmentRef;

const inline: ImageWriter = (image) => ({ type: 'image', mediaType: image.mediaType, data: image.data });

/**
 * Builds the document from typed messages, copying only known fields so that
 * whatever extra properties a caller's objects carry never reach the file
 * (the parser refuses unknown keys, and a save must always load again).
 */
export function toDocument(
  messages: readonly HistoryMessage[],
  writeImage: ImageWriter = inline,
): HistoryDocument {
  const out = new Array<object>(messages.length);
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    const stored: Record<string, unknown> = {
      id: m.id,
      kind: m.kind,
      message: storeMessage(m.message, writeImage),
    };
    if (m.modelId !== undefined) stored.modelId = m.modelId;
    if (m.usage !== undefined) stored.usage = storeUsage(m.usage);
    if (m.taint !== undefined) stored.taint = [...m.taint];
    out[i] = stored;
  }
  return { format: HISTORY_FORMAT, version: HISTORY_FORMAT_VERSION, messages: out };
}

function storeMessage(message: ModelMessage, writeImage: ImageWriter): object {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: storeContent(message.content, writeImage) };
    case 'assistant': {
      const stored: Record<string, unknown> = { role: 'assistant', text: message.text };
      if (message.reasoning !== undefined) stored.reasoning = message.reasoning;
      stored.toolCalls = message.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments }));
      return stored;
    }
    case 'tool':
      return {
        role: 'tool',
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        content: storeContent(message.content, writeImage),
      };
  }
}

function storeContent(content: Content, writeImage: ImageWriter): string | object[] {
  if (typeof content === 'string') return content;
  return content.map((part: ContentPart) =>
    part.type === 'text' ? { type: 'text', text: part.text } : writeImage(part),
  );
}

const USAGE_KEYS = [
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'reasoningTokens',
] as const;

function storeUsage(usage: Usage): object {
  const stored: Record<string, number> = {};
  for (const key of USAGE_KEYS) {
    const value = usage[key];
    if (value !== undefined) stored[key] = value;
  }
  return stored;
}

/** The usage field names, in stored order. */
export { USAGE_KEYS };
