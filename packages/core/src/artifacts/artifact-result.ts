import type { Content, ContentPart, ImageContent } from '../messages/content.ts';
import type { ToolResult } from '../tool/tool.ts';
import { utf8ByteLength, utf8Prefix } from '../tool/utf8-cut.ts';
import type { ArtifactSettings } from './artifact-options.ts';
import { ARTIFACT_READ_TOOL, readLimits } from './artifact-read-tool.ts';
import type { ArtifactBatch } from './artifact-scope.ts';

const BYTES_PER_TOKEN = 4;
const TEXT_TYPE = 'text/plain; charset=utf-8';
const numberFormat = new Intl.NumberFormat('en-US');

/** An image stored as an artifact, waiting to be attached to the next request. */
export interface PendingAttachment {
  readonly ref: string;
  readonly image: ImageContent;
  readonly bytes: number;
}

/** A successful result as the model reads it once its large parts are artifacts. */
export interface KeptResult {
  /** `error` when a limit refused the artifact (`content` then says what to do next). */
  readonly kind: 'ok' | 'error';
  readonly content: ToolResult;
  /** What the answer reads instead if the batch is rolled back (its artifacts removed); absent: none stored. */
  readonly rolledBack?: Content;
  /** Images stored from the result, for the next request. */
  readonly attachments: readonly PendingAttachment[];
}

/** Where one result comes from, for the artifact's metadata. */
export interface ResultSource {
  readonly toolName: string;
  readonly toolCallId: string;
  readonly taint: readonly string[] | undefined;
}

/**
 * A successful tool result with its large text and its images stored as
 * artifacts of `batch`: text over the threshold becomes its first
 * `previewTokens` and a note naming the ref and the next range to read;
 * each image becomes a textual reference (attached to the next request by
 * the loop). A result with neither is returned as it is, at the cost of a
 * length check. `artifact_read`'s own results are never stored again.
 */
export async function keepLargeResult(
  result: ToolResult,
  source: ResultSource,
  batch: ArtifactBatch,
  settings: ArtifactSettings,
): Promise<KeptResult | undefined> {
  if (source.toolName === ARTIFACT_READ_TOOL) return readBack(result);
  const budget = settings.thresholdTokens * BYTES_PER_TOKEN;
  if (typeof result === 'string') {
    // At most 3 UTF-8 bytes per UTF-16 unit: most results are judged without counting.
    if (result.length * 3 <= budget || utf8ByteLength(result) <= budget) return undefined;
    return keepText(result, source, batch, settings);
  }
  const text = result.filter((p) => p.type === 'text').map((p) => p.text);
  const images = result.some((p) => p.type === 'image');
  const joined = text.join('');
  const large = utf8ByteLength(joined) > budget;
  if (!large && !images) return undefined;
  return keepParts(result, large ? joined : undefined, source, batch, settings);
}

async function keepText(
  text: string,
  source: ResultSource,
  batch: ArtifactBatch,
  settings: ArtifactSettings,
): Promise<KeptResult> {
  const data = Buffer.from(text, 'utf8');
  const stored = await batch.store({ ...source, data, mediaType: TEXT_TYPE }, settings);
  if (!stored.ok) return { kind: 'error', content: `Error: ${stored.reason}`, attachments: [] };
  const preview = utf8Prefix(text, settings.previewTokens * BYTES_PER_TOKEN);
  const { preview: limit } = readLimits(settings);
  const ref = stored.artifact.ref;
  const shown = `[Showing the first ${numberFormat.format(preview.length)} of ${numberFormat.format(text.length)} characters (~${numberFormat.format(Math.ceil(data.byteLength / BYTES_PER_TOKEN))} tokens). The whole result is stored as artifact ${ref}`;
  return {
    kind: 'ok',
    content: `${preview}\n\n${shown}; read the rest in ranges: ${ARTIFACT_READ_TOOL} {"ref":"${ref}","offset":${preview.length},"limit":${limit}}]`,
    rolledBack: `${preview}\n\n[Showing the first ${numberFormat.format(preview.length)} of ${numberFormat.format(text.length)} characters. The rest was discarded because the tool batch was cancelled.]`,
    attachments: [],
  };
}

async function keepParts(
  parts: readonly ContentPart[],
  largeText: string | undefined,
  source: ResultSource,
  batch: ArtifactBatch,
  settings: ArtifactSettings,
): Promise<KeptResult> {
  const out: string[] = [];
  const discarded: string[] = [];
  const attachments: PendingAttachment[] = [];
  if (largeText !== undefined) {
    const kept = await keepText(largeText, source, batch, settings);
    if (kept.kind === 'error') return kept;
    out.push(kept.content as string);
    discarded.push(kept.rolledBack as string);
  }
  for (const part of parts) {
    if (part.type === 'text') {
      if (largeText === undefined) {
        out.push(part.text);
        discarded.push(part.text);
      }
      continue;
    }
    const data = Buffer.from(part.data, 'base64');
    const stored = await batch.store({ ...source, data, mediaType: part.mediaType }, settings);
    if (!stored.ok) {
      out.push(`[an image (${part.mediaType}) was not kept: ${stored.reason}]`);
      discarded.push(`[an image (${part.mediaType}) was discarded]`);
      continue;
    }
    const { ref } = stored.artifact;
    out.push(imageReference(ref, part.mediaType, data.byteLength));
    discarded.push(`[an image (${part.mediaType}) was discarded because the tool batch was cancelled]`);
    attachments.push({ ref, image: part, bytes: data.byteLength });
  }
  return { kind: 'ok', content: out.join('\n'), rolledBack: discarded.join('\n'), attachments };
}

/**
 * What `artifact_read` read: never stored again, but an image it hands back
 * goes the way of any image (attached to the next request for a model that
 * reads images), so a model that reads none never gets one.
 */
function readBack(result: ToolResult): KeptResult | undefined {
  if (typeof result === 'string' || !result.some((p) => p.type === 'image')) return undefined;
  const text = result.flatMap((p) => (p.type === 'text' ? [p.text] : []));
  const attachments = result.flatMap((p) =>
    p.type === 'image' ? [{ ref: '', image: p, bytes: Buffer.byteLength(p.data, 'base64') }] : [],
  );
  return { kind: 'ok', content: text.join('\n'), attachments };
}

/** The text that stands for a stored image in a tool result: `[image art_… (image/png, 1,234 bytes)]`. */
export function imageReference(ref: string, mediaType: string, bytes: number): string {
  return `[image ${ref} (${mediaType}, ${numberFormat.format(bytes)} bytes)]`;
}
