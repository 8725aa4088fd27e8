import { stat } from 'node:fs/promises';
import type { IdSource } from '../ids/id-source.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { messagesEqual } from './equals.ts';
import { HistoryError } from './errors.ts';
import { loadFolder, readSource, saveFolder } from './folder.ts';
import type { HistoryMessage } from './history-message.ts';
import { repairInterruptedToolCalls } from './repair.ts';
import { parseJson } from './schema/parse-json.ts';
import { validateDocument } from './schema/validate.ts';
import { HISTORY_FORMAT_VERSION, type HistoryDocument, toDocument } from './serialize.ts';

/** Options of {@link History.save}. */
export interface HistorySaveOptions {
  /**
   * `file`: one self-contained JSON document at `path`. `folder`: `path/history.json`
   * plus `path/attachments/<sha256>.<ext>`. Default: `file` when `path` ends in `.json`, else `folder`.
   */
  readonly layout?: 'file' | 'folder';
}

/**
 * A conversation as a value: messages with tool calls and results, thinking,
 * images (base64 inline), per-message usage and model id. No system prompt: a
 * resumed conversation gets the one current when it is loaded.
 *
 * `parse` and `load` are the only doors from untrusted bytes; they throw
 * {@link HistoryError} and never return a partly checked value.
 */
export class History {
  /** The document format version this code writes and the newest it reads. */
  static readonly FORMAT_VERSION = HISTORY_FORMAT_VERSION;

  /** The messages, oldest first. */
  readonly messages: readonly HistoryMessage[];

  /** Wraps typed messages as they are (no validation: for typed callers such as the agent). */
  constructor(messages: readonly HistoryMessage[]) {
    this.messages = Object.freeze(messages.slice());
  }

  /** Parses the single-document JSON form. Throws {@link HistoryError} on any malformed input. */
  static parse(input: string | Uint8Array): History {
    return new History(validateDocument(parseJson(input), false).messages);
  }

  /**
   * Reads a `.json` document or a history folder (`history.json` + `attachments/`).
   * Throws {@link HistoryError} for unreadable, malformed or corrupt input; the
   * error's `source` names the path.
   */
  static async load(path: string): Promise<History> {
    try {
      const isFolder = await stat(path).then(
        (info) => info.isDirectory(),
        () => false,
      );
      if (isFolder) return new History(await loadFolder(path));
      return History.parse(await readSource(path));
    } catch (error) {
      if (HistoryError.isInstance(error) && error.source === undefined) {
        throw new HistoryError(error.problem, { source: path, cause: error.cause });
      }
      throw error;
    }
  }

  /** The self-contained document (images inline as base64); what `JSON.stringify(history)` writes. */
  toJSON(): HistoryDocument {
    return toDocument(this.messages);
  }

  /** The self-contained document as JSON text; {@link History.parse} reads it back. */
  serialize(): string {
    return JSON.stringify(this.toJSON());
  }

  /**
   * Writes the history atomically (temp file in the same directory, fsync,
   * rename): a crash mid-save leaves the previous file, never a torn one.
   * I/O failures reject with the underlying Node error.
   */
  async save(path: string, options: HistorySaveOptions = {}): Promise<void> {
    const layout = options.layout ?? (path.toLowerCase().endsWith('.json') ? 'file' : 'folder');
    if (layout === 'folder') await saveFolder(this.messages, path);
    else await writeFileAtomic(path, this.serialize());
  }

  /**
   * Answers every tool call left without a result (a crash or an unwound batch)
   * with {@link INTERRUPTED_RESULT}, placed after the batch's existing results.
   * Returns this same instance when nothing is missing. The added messages'
   * ids come from `ids` (default: random UUIDs).
   */
  repairInterruptedToolCalls(ids?: IdSource): History {
    const repaired = repairInterruptedToolCalls(this.messages, ids);
    return repaired === this.messages ? this : new History(repaired);
  }

  /** True when both hold the same messages, field by field (an absent optional equals `undefined`). */
  equals(other: History): boolean {
    return this === other || messagesEqual(this.messages, other.messages);
  }
}
