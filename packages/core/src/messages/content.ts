/** A run of plain text inside a message or a tool result. */
export interface TextContent {
  readonly type: 'text';
  readonly text: string;
}

/** An image, carried as base64 bytes so a message stays JSON-serializable. */
export interface ImageContent {
  readonly type: 'image';
  /** Base64-encoded bytes (no `data:` prefix). */
  readonly data: string;
  /** IANA media type, e.g. `image/png`. */
  readonly mediaType: string;
}

/** Rich content: text and images, in order. */
export type ContentPart = TextContent | ImageContent;

/** What a user message or a tool result holds: plain text, or rich parts for multimodal models. */
export type Content = string | readonly ContentPart[];

/**
 * Content as one plain text, for logs, traces and protocols that carry text:
 * the text parts joined, each image as `[image <media type>]`.
 */
export function contentText(content: Content): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : `[image ${part.mediaType}]`)).join('');
}
