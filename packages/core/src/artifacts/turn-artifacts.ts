import type { ContentPart } from '../messages/content.ts';
import type { ModelMessage } from '../messages/message.ts';
import type { ArtifactSettings } from './artifact-options.ts';
import type { PendingAttachment } from './artifact-result.ts';
import type { ArtifactScope } from './artifact-scope.ts';

/** A turn's artifacts: the Run's scope, the agent's settings, and the images waiting for the next request. */
export interface TurnArtifacts {
  readonly scope: ArtifactScope;
  readonly settings: ArtifactSettings;
  /** Images stored from the last batch's results, by tool call id, for the next request only. */
  readonly pending: Map<string, readonly PendingAttachment[]>;
}

/**
 * The request's messages with the images of the last tool batch attached to
 * their tool results, for a model that reads images (`imageInput` not
 * `false`), at most `maxAttachments` images and `maxAttachmentBytes` bytes;
 * the others stay textual references (`[image art_… (image/png, … bytes)]`)
 * the model can read with `artifact_read`. Attached once: the pending list is
 * emptied, so later requests carry only the references (the conversation
 * never stores the bytes).
 */
export function withAttachments(
  messages: ModelMessage[],
  artifacts: TurnArtifacts,
  imageInput: boolean | undefined,
): ModelMessage[] {
  const { pending, settings } = artifacts;
  if (pending.size === 0) return messages;
  const waiting = new Map(pending);
  pending.clear();
  if (imageInput === false) return messages;
  let count = 0;
  let bytes = 0;
  return messages.map((message) => {
    if (message.role !== 'tool') return message;
    const images = waiting.get(message.toolCallId);
    if (!images) return message;
    const parts: ContentPart[] = [];
    for (const a of images) {
      if (count + 1 > settings.maxAttachments || bytes + a.bytes > settings.maxAttachmentBytes) continue;
      count++;
      bytes += a.bytes;
      parts.push(a.image);
    }
    if (parts.length === 0) return message;
    const text = typeof message.content === 'string' ? message.content : '';
    return { ...message, content: [{ type: 'text', text }, ...parts] };
  });
}
