import { type AnyTool, defineTool } from '../tool/define-tool.ts';
import { ToolError } from '../tool/tool-error.ts';
import { NONE } from '../trifecta/legs.ts';
import type { ArtifactSettings } from './artifact-options.ts';
import type { ArtifactScope } from './artifact-scope.ts';
import { isTextMediaType } from './artifact-scope.ts';
import { isArtifactRef } from './artifact-store.ts';

/** The name of the tool that reads artifacts in ranges. */
export const ARTIFACT_READ_TOOL = 'artifact_read';

/** Bytes per estimated token, as the result budget counts them. */
const BYTES_PER_TOKEN = 4;

const numberFormat = new Intl.NumberFormat('en-US');

/** Where the read tool finds the artifacts of the turn running now (the agent sets it per turn). */
export interface ArtifactHolder {
  scope: ArtifactScope | undefined;
}

/** The default and the largest `limit` of one read, in characters: the preview's size, and the threshold's. */
export function readLimits(settings: ArtifactSettings): { readonly preview: number; readonly max: number } {
  return {
    preview: settings.previewTokens * BYTES_PER_TOKEN,
    max: settings.thresholdTokens * BYTES_PER_TOKEN,
  };
}

interface ReadArgs {
  readonly ref?: unknown;
  readonly offset?: unknown;
  readonly limit?: unknown;
}

/**
 * `artifact_read {ref, offset?, limit?}`: a range of a stored text artifact
 * (characters `offset` to `offset + limit`), or a stored image. Only a
 * well-formed ref of the running session's store is read, never a path.
 * What it reads back carries the taint of the result it was stored from
 * (`relayedTaint`), so an untrusted fetch stays untrusted however it is read.
 */
export function artifactReadTool(holder: ArtifactHolder, settings: ArtifactSettings): AnyTool {
  const limits = readLimits(settings);
  const tool = defineTool({
    name: ARTIFACT_READ_TOOL,
    description:
      'Reads part of a stored artifact: a large tool result the conversation shows only a preview of, or an image. ' +
      `Usage: pass the ref exactly as the result named it; offset is the first character (default 0), limit how many (default ${numberFormat.format(limits.preview)}, at most ${numberFormat.format(limits.max)}). ` +
      'Read what you need, in ranges; search or filter with the original tool when you can.',
    parameters: {
      type: 'object',
      properties: {
        ref: { type: 'string', description: 'The artifact reference (art_ and 32 hex digits).' },
        offset: { type: 'integer', minimum: 0, description: 'First character to read; default 0.' },
        limit: {
          type: 'integer',
          minimum: 1,
          description: `How many characters; default ${limits.preview}, at most ${limits.max}.`,
        },
      },
      required: ['ref'],
      additionalProperties: false,
    },
    // It brings in nothing new: what it reads entered through another tool, whose taint it relays.
    trifectaLegs: NONE,
    execute: async (args: ReadArgs) => {
      const { ref } = args;
      if (!isArtifactRef(ref))
        throw new ToolError(
          `${JSON.stringify(ref)} is not an artifact reference (art_ followed by 32 hex digits); copy the ref exactly as the tool result gave it`,
        );
      const stored = await readStored(holder, ref);
      if (!stored)
        throw new ToolError(
          `there is no artifact ${ref} in this session (it may have belonged to an earlier run without a session store, or to another session); call the tool that produced it again`,
        );
      const { meta, data } = stored;
      if (!isTextMediaType(meta.mediaType)) {
        if (meta.mediaType.startsWith('image/'))
          return [
            {
              type: 'text',
              text: `Artifact ${ref} (${meta.mediaType}, ${numberFormat.format(meta.bytes)} bytes):`,
            },
            { type: 'image', data: Buffer.from(data).toString('base64'), mediaType: meta.mediaType },
          ];
        throw new ToolError(
          `artifact ${ref} is ${meta.mediaType} (${meta.bytes} bytes), which cannot be read as text`,
        );
      }
      const text = Buffer.from(data).toString('utf8');
      const offset = typeof args.offset === 'number' ? args.offset : 0;
      const limit = typeof args.limit === 'number' ? args.limit : limits.preview;
      if (limit > limits.max)
        throw new ToolError(
          `limit ${limit} is over the most one read returns (${limits.max} characters); read in several ranges of at most ${limits.max}`,
        );
      if (offset >= text.length && !(offset === 0 && text.length === 0))
        throw new ToolError(
          `offset ${offset} is past the end of artifact ${ref} (${text.length} characters); read from an offset below ${text.length}`,
        );
      let end = Math.min(text.length, offset + limit);
      // Never end inside a surrogate pair: the next range starts at `end` and gets the whole character.
      if (end < text.length && end - offset > 1 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      const next =
        end < text.length
          ? `next: artifact_read {"ref":"${ref}","offset":${end},"limit":${limit}}`
          : 'end of the artifact';
      return `${text.slice(offset, end)}\n\n[characters ${offset}-${end} of ${text.length} of artifact ${ref}; ${next}]`;
    },
  }) as AnyTool;
  return Object.freeze({
    ...tool,
    relayedTaint: async (args: unknown) => {
      const ref = (args as ReadArgs | undefined)?.ref;
      if (!isArtifactRef(ref) || !holder.scope) return undefined;
      return (await holder.scope.read(ref))?.meta.taint;
    },
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The artifact, or `undefined`; a store that cannot read it (a damaged file) is a failure the model can read. */
async function readStored(holder: ArtifactHolder, ref: string) {
  try {
    return holder.scope ? await holder.scope.read(ref) : undefined;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ToolError(`artifact ${ref} could not be read (${why}); call the tool that produced it again`);
  }
}
