// Careful edits of a JSON configuration file kodama writes on the person's
// behalf (`kodama mcp add`, an "always" answer saved to a file, `/permissions
// remove`): read whole, changed in memory with the other keys kept in their
// order, written through a temporary file and a rename so a crash or a full
// disk never leaves half a file. A file that is not a JSON object is an
// error naming it, and nothing is written.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

/** A JSON object file as read for an edit. */
export interface JsonObjectFile {
  /** The file's object; `{}` when there is no file yet. */
  readonly value: Record<string, unknown>;
  /** The indentation the file uses (kept when it is written back): two spaces unless it shows another. */
  readonly indent: string;
  /** False when the file does not exist yet. */
  readonly exists: boolean;
}

/** The indentation of the first indented line of `text` (a tab, four spaces, …); two spaces when none. */
function indentOf(text: string): string {
  return /\n([ \t]+)["}\]]/.exec(text)?.[1] ?? '  ';
}

/**
 * Reads a JSON object file for an edit; a missing file is an empty object.
 *
 * @throws Error naming the file when it is not valid JSON or not an object (fix it by hand; nothing changed),
 *   or cannot be read.
 */
export async function readJsonObject(path: string): Promise<JsonObjectFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { value: {}, indent: '  ', exists: false };
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${path} is not valid JSON (${(error as Error).message}); fix it by hand, nothing was changed`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${path} must hold a JSON object; nothing was changed`);
  return { value: value as Record<string, unknown>, indent: indentOf(text), exists: true };
}

/**
 * Writes `value` as the whole of the file (creating its folders), through a
 * temporary file beside it and a rename: readers see the old file or the new
 * one, never a part. A symbolic link is followed, so a linked dotfile stays a
 * link and its target changes; the file keeps its permission bits.
 */
export async function writeJsonObject(path: string, value: unknown, indent = '  '): Promise<void> {
  const target = await realpath(path).catch(() => path);
  await mkdir(dirname(target), { recursive: true });
  const mode = await stat(target).then(
    (s) => s.mode & 0o777,
    () => undefined,
  );
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(value, null, indent)}\n`, {
      flag: 'wx',
      ...(mode !== undefined ? { mode } : {}),
    });
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}

/**
 * Where `path` would really be written (see {@link writeJsonObject}): its
 * link followed, or, for a file not there yet, its nearest existing folder's
 * real path with the rest appended.
 */
async function realTarget(path: string): Promise<string> {
  const found = await realpath(path).catch(() => undefined);
  if (found !== undefined) return found;
  const parent = dirname(path);
  if (parent === path) return path;
  return resolve(await realTarget(parent), relative(parent, path));
}

/**
 * Throws unless writing `path` stays inside the real `root`: a project's own
 * file that is a symbolic link (or sits in a linked folder) leading out of
 * the project is not written through, since the link came with the folder
 * and could point at the user's configuration or another project's.
 */
export async function assertWritesInside(path: string, root: string): Promise<void> {
  const [target, real] = await Promise.all([realTarget(path), realTarget(root)]);
  const rel = relative(real, target);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
    throw new Error(
      `${path} is a link that leads out of the project (to ${target}); kodama does not write it`,
    );
}
