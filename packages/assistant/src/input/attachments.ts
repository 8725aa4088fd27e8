import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Content, ContentPart, Model } from '@kodama/core';

/** Largest text file attached whole (bytes). */
export const ATTACH_MAX_TEXT_BYTES = 256 * 1024;
/** Largest image attached (bytes). */
export const ATTACH_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** A prompt with its attachments resolved. */
export interface ExpandedInput {
  /** What the model gets: the text, the attached files, the images. */
  readonly content: Content;
  /** What was attached, as shown: `src/app.ts`, `shot.png (image)`. */
  readonly attached: readonly string[];
  /** What could not be attached, and why. */
  readonly problems: readonly string[];
}

/**
 * A token of the prompt naming a file: `@path` (also `@"a path"`), or a
 * pasted path of an image (absolute, `~/…` or `file://…`, possibly quoted or
 * with backslash-escaped spaces, as terminals paste a dropped file).
 */
const TOKEN =
  /(?<=^|\s)(?:@"(?<atq>[^"]+)"|@(?<at>[^\s"]+)|(?<q>["'])(?<pq>(?:\/|~\/|file:\/\/)[^"']+\.(?:png|jpe?g|gif|webp))\k<q>|(?<p>(?:\/|~\/|file:\/\/)(?:\\ |[^\s])+\.(?:png|jpe?g|gif|webp)))(?=$|\s)/gi;

function toPath(raw: string, root: string): string {
  if (raw.startsWith('file://')) return fileURLToPath(raw);
  const unescaped = raw.replace(/\\ /g, ' ');
  if (unescaped.startsWith('~/')) return join(homedir(), unescaped.slice(2));
  return isAbsolute(unescaped) ? unescaped : resolve(root, unescaped);
}

function shown(path: string, root: string): string {
  const rel = relative(root, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/**
 * Resolves the files a prompt names: `@file` attaches a text file's content
 * (or a directory's listing) after the prompt; `@shot.png` or a pasted image
 * path attaches the image when the model takes images (`acceptsImages` not
 * false), else says so in `problems`. Tokens that name no file stay as typed.
 */
export async function expandAttachments(
  text: string,
  root: string,
  acceptsImages: boolean | undefined,
): Promise<ExpandedInput> {
  const files: string[] = [];
  const images: ContentPart[] = [];
  const attached: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(TOKEN)) {
    const g = match.groups ?? {};
    const raw = g.atq ?? g.at ?? g.pq ?? g.p;
    if (!raw) continue;
    const byAt = g.atq !== undefined || g.at !== undefined;
    const path = toPath(raw.replace(/[,.;:!?)]+$/, ''), root);
    if (seen.has(path)) continue;
    seen.add(path);
    const info = await stat(path).catch(() => undefined);
    if (!info) {
      if (!byAt) problems.push(`${raw}: no such file`);
      continue;
    }
    const name = shown(path, root);
    const mediaType = IMAGE_TYPES[extname(path).toLowerCase()];
    if (info.isDirectory()) {
      const entries = (await readdir(path, { withFileTypes: true })).slice(0, 200);
      files.push(
        `<directory path="${name}">\n${entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).join('\n')}\n</directory>`,
      );
      attached.push(`${name}/`);
    } else if (mediaType) {
      if (acceptsImages === false) problems.push(`${name}: this model does not take images; not attached`);
      else if (info.size > ATTACH_MAX_IMAGE_BYTES)
        problems.push(`${name}: images over ${ATTACH_MAX_IMAGE_BYTES / 1024 / 1024} MiB are not attached`);
      else {
        images.push({ type: 'image', mediaType, data: (await readFile(path)).toString('base64') });
        attached.push(`${name} (image)`);
      }
    } else if (info.size > ATTACH_MAX_TEXT_BYTES) {
      problems.push(`${name}: over ${ATTACH_MAX_TEXT_BYTES / 1024} KiB; ask the model to read it instead`);
    } else {
      const bytes = await readFile(path);
      if (bytes.subarray(0, 8000).includes(0)) problems.push(`${name}: a binary file; not attached`);
      else {
        files.push(`<file path="${name}">\n${bytes.toString('utf8')}\n</file>`);
        attached.push(name);
      }
    }
  }
  const body = files.length ? `${text}\n\n${files.join('\n\n')}` : text;
  const content: Content = images.length ? [{ type: 'text', text: body }, ...images] : body;
  return { content, attached, problems };
}

/**
 * Whether `model` takes images: its declared `capabilities.imageInput`
 * (`@kodama/models` fills it from what is known of the model: false for
 * `local:` models, whose chat history drops images, and for text-only
 * families). `undefined` when unknown: the image is sent, and a provider that
 * refuses it says so.
 */
export function modelAcceptsImages(model: Pick<Model, 'capabilities'>): boolean | undefined;
/**
 * @deprecated Pass the model: `modelAcceptsImages(model)`. A name says nothing
 * here (the knowledge moved to `@kodama/models`), so this form answers unknown.
 */
export function modelAcceptsImages(provider: string, modelId: string): boolean | undefined;
export function modelAcceptsImages(
  model: Pick<Model, 'capabilities'> | string,
  _modelId?: string,
): boolean | undefined {
  return typeof model === 'string' ? undefined : model.capabilities?.imageInput;
}
