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

/** Between the prompt and its first attachment, and between attachments. */
const BLOCK_GAP = '\n\n';

/** An attached file's or directory's text as the model gets it: `<file path="a.ts">\n…\n</file>`. */
function block(tag: 'file' | 'directory', name: string, body: string): string {
  return `<${tag} path="${name}">\n${body}\n</${tag}>`;
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
      const listing = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).join('\n');
      files.push(block('directory', name, listing));
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
        files.push(block('file', name, bytes.toString('utf8')));
        attached.push(name);
      }
    }
  }
  const body = files.length ? `${text}${BLOCK_GAP}${files.join(BLOCK_GAP)}` : text;
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

/** A stored prompt read back: the text as typed, and the names of what was attached after it. */
export interface TypedPrompt {
  readonly text: string;
  readonly attached: readonly string[];
}

const OPENER = /<(file|directory) path="([^"]*)">\n/y;

/**
 * Splits a prompt as {@link expandAttachments} sent it back into the text the
 * person typed and the names of the attached files (`src/a.ts`, `docs/`):
 * the first place after which the rest is nothing but attachment blocks, so
 * a file's own text that looks like a block cannot move the split earlier
 * than a real one. A text with no attachments comes back as it is.
 */
export function typedPrompt(sent: string): TypedPrompt {
  const memo = new Map<number, string[] | undefined>();
  const blocksFrom = (at: number): string[] | undefined => {
    if (memo.has(at)) return memo.get(at);
    memo.set(at, undefined);
    OPENER.lastIndex = at;
    const open = OPENER.exec(sent);
    if (open) {
      const [, tag, name = ''] = open;
      const close = `\n</${tag}>`;
      // The body may itself hold the closing tag: try each, the block ends where only blocks (or nothing) follow.
      for (let end = sent.indexOf(close, at + open[0].length); end >= 0; end = sent.indexOf(close, end + 1)) {
        const after = end + close.length;
        const shownName = tag === 'directory' ? `${name}/` : name;
        if (after === sent.length) return remember(memo, at, [shownName]);
        if (sent.startsWith(BLOCK_GAP, after)) {
          const rest = blocksFrom(after + BLOCK_GAP.length);
          if (rest) return remember(memo, at, [shownName, ...rest]);
        }
      }
    }
    return undefined;
  };
  for (let gap = sent.indexOf(BLOCK_GAP); gap >= 0; gap = sent.indexOf(BLOCK_GAP, gap + 1)) {
    const attached = blocksFrom(gap + BLOCK_GAP.length);
    if (attached) return { text: sent.slice(0, gap), attached };
  }
  return { text: sent, attached: [] };
}

function remember(memo: Map<number, string[] | undefined>, at: number, names: string[]): string[] {
  memo.set(at, names);
  return names;
}
