import { createHash } from 'node:crypto';
import { lstat, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageContent } from '../messages/content.ts';
import { type AtomicWriteHooks, writeFileAtomic } from './atomic-write.ts';
import { HistoryError } from './errors.ts';
import type { HistoryMessage } from './history-message.ts';
import { parseJson } from './schema/parse-json.ts';
import { ATTACHMENT_REF, validateDocument } from './schema/validate.ts';
import { toDocument } from './serialize.ts';

/** Name of the document inside a history folder. */
export const HISTORY_FILE = 'history.json';
/** Name of the attachments directory inside a history folder. */
export const ATTACHMENTS_DIR = 'attachments';

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff',
  'image/avif': 'avif',
  'image/heic': 'heic',
};

/** File extension for an attachment; `bin` when the media type is not a known image type. */
export function attachmentExtension(mediaType: string): string {
  return EXTENSIONS[mediaType.toLowerCase()] ?? 'bin';
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Writes `dir/attachments/<sha256>.<ext>` once per distinct image, then
 * `dir/history.json` last, each atomically: a crash at any point leaves the
 * previous `history.json` and every file it references intact (attachment files
 * are content-addressed and never rewritten). Unreferenced attachments of
 * earlier saves are left in place.
 */
export async function saveFolder(
  messages: readonly HistoryMessage[],
  dir: string,
  hooks: AtomicWriteHooks = {},
): Promise<void> {
  const files = new Map<string, Buffer>();
  const refByData = new Map<string, string>();
  const doc = toDocument(messages, (image: ImageContent) => {
    const key = `${image.mediaType}\n${image.data}`;
    let ref = refByData.get(key);
    if (ref === undefined) {
      const bytes = Buffer.from(image.data, 'base64');
      ref = `${ATTACHMENTS_DIR}/${sha256(bytes)}.${attachmentExtension(image.mediaType)}`;
      refByData.set(key, ref);
      files.set(ref, bytes);
    }
    return { type: 'image', mediaType: image.mediaType, attachment: ref };
  });
  await mkdir(join(dir, ATTACHMENTS_DIR), { recursive: true });
  for (const [ref, bytes] of files) {
    const path = join(dir, ref);
    if (await isIntact(path, bytes.length)) continue;
    await writeFileAtomic(path, bytes);
  }
  await writeFileAtomic(join(dir, HISTORY_FILE), JSON.stringify(doc), hooks);
}

/** An existing regular file of the right size is a finished earlier write of the same bytes. */
async function isIntact(path: string, size: number): Promise<boolean> {
  try {
    const info = await lstat(path);
    return info.isFile() && info.size === size;
  } catch {
    return false;
  }
}

/**
 * Reads a history folder: `history.json`, then each referenced attachment once,
 * checking that its bytes hash to the sha256 in its name.
 */
export async function loadFolder(dir: string): Promise<HistoryMessage[]> {
  const bytes = await readSource(join(dir, HISTORY_FILE));
  const { messages, pending } = validateDocument(parseJson(bytes), true);
  const dataByRef = new Map<string, string>();
  for (const slot of pending) {
    let data = dataByRef.get(slot.ref);
    if (data === undefined) {
      data = await readAttachment(dir, slot.ref, slot.path);
      dataByRef.set(slot.ref, data);
    }
    slot.part.data = data;
  }
  return messages;
}

async function readAttachment(dir: string, ref: string, path: string): Promise<string> {
  const file = join(dir, ref);
  let bytes: Buffer;
  try {
    // A regular file only: a symlink or device could point the read anywhere (e.g. /dev/zero).
    if (!(await lstat(file)).isFile()) throw new HistoryError(`${path}: ${ref} is not a regular file`);
    bytes = await readFile(file);
  } catch (error) {
    if (HistoryError.isInstance(error)) throw error;
    throw new HistoryError(`${path}: cannot read ${ref} (${errorCode(error)})`, { cause: error });
  }
  const expected = ATTACHMENT_REF.exec(ref)![1];
  if (sha256(bytes) !== expected)
    throw new HistoryError(`${path}: ${ref} does not match its sha256 (corrupt file)`);
  return bytes.toString('base64');
}

/** Reads a file to parse, turning I/O failures into {@link HistoryError}. */
export async function readSource(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new HistoryError(`cannot read ${path} (${errorCode(error)})`, { cause: error });
  }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}
