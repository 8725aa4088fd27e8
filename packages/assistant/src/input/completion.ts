import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AutocompleteItem,
  type AutocompleteProvider,
  type AutocompleteSuggestions,
  CombinedAutocompleteProvider,
  type SlashCommand,
} from '@mariozechner/pi-tui';

/** Files listed for `@` completion at most; a walk stops there. */
const MAX_FILES = 5000;
/** Directories never walked for completion. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'build', 'target', '.venv', '__pycache__']);
/** How long a walk of the project is reused (ms). */
const FRESH_MS = 5000;

/**
 * The input's completion: command names after `/` (pi-tui's provider), and
 * project files after `@` from a bounded walk of the root (no `fd` needed):
 * `@app` finds `src/app.ts`; `@src/` lists that directory.
 */
export class AssistantCompletion implements AutocompleteProvider {
  readonly #commands: CombinedAutocompleteProvider;
  readonly #root: string;
  #walk: { at: number; files: Promise<string[]> } | undefined;

  constructor(commands: readonly SlashCommand[], root: string) {
    this.#commands = new CombinedAutocompleteProvider([...commands], root, null);
    this.#root = root;
  }

  async getSuggestions(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    options: { signal: AbortSignal; force?: boolean },
  ): Promise<AutocompleteSuggestions | null> {
    const before = (lines[cursorLine] ?? '').slice(0, cursorCol);
    const at = /(?:^|\s)(@[^\s"]*)$/.exec(before)?.[1];
    if (at === undefined) return this.#commands.getSuggestions(lines, cursorLine, cursorCol, options);
    const items = await this.#files(at.slice(1));
    return items.length ? { items, prefix: at } : null;
  }

  applyCompletion(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    item: AutocompleteItem,
    prefix: string,
  ): { lines: string[]; cursorLine: number; cursorCol: number } {
    // A menu drawn for an earlier text (keys of a paste arrive before the new suggestions do:
    // `/` then `cost⏎`) must not complete what is typed now; the input stays as typed (Enter sends it).
    const before = (lines[cursorLine] ?? '').slice(0, cursorCol);
    const start = before.length - prefix.length;
    const current = before.endsWith(prefix) && (start === 0 || /\s/.test(before[start - 1] ?? ''));
    if (!current) return { lines, cursorLine, cursorCol };
    return this.#commands.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
  }

  async #files(query: string): Promise<AutocompleteItem[]> {
    const slash = query.lastIndexOf('/');
    if (slash >= 0) {
      // A directory typed out: its entries starting with what follows the slash.
      const dir = query.slice(0, slash + 1);
      const start = query.slice(slash + 1).toLowerCase();
      const entries = await readdir(join(this.#root, dir), { withFileTypes: true }).catch(
        () => [] as Dirent[],
      );
      return entries
        .filter((e) => e.name.toLowerCase().startsWith(start) && !SKIPPED.has(e.name))
        .sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || a.name.localeCompare(b.name))
        .slice(0, 30)
        .map((e) => item(`${dir}${e.name}${e.isDirectory() ? '/' : ''}`));
    }
    const q = query.toLowerCase();
    const files = await this.#allFiles();
    const scored = files
      .map((f) => {
        const name = f.slice(f.lastIndexOf('/') + 1).toLowerCase();
        const score = name.startsWith(q) ? 3 : name.includes(q) ? 2 : f.toLowerCase().includes(q) ? 1 : 0;
        return { f, score };
      })
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.f.length - b.f.length || a.f.localeCompare(b.f));
    return scored.slice(0, 20).map((s) => item(s.f));
  }

  #allFiles(): Promise<string[]> {
    const now = Date.now();
    if (!this.#walk || now - this.#walk.at > FRESH_MS) this.#walk = { at: now, files: walk(this.#root) };
    return this.#walk.files;
  }
}

function item(path: string): AutocompleteItem {
  return { value: `@${path}`, label: path };
}

/** Project files (relative, `/`-separated), breadth first, hidden and build directories skipped, at most MAX_FILES. */
async function walk(root: string): Promise<string[]> {
  const files: string[] = [];
  const queue = [''];
  while (queue.length > 0 && files.length < MAX_FILES) {
    const dir = queue.shift() as string;
    const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => [] as Dirent[]);
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIPPED.has(e.name) && !e.name.startsWith('.')) queue.push(rel);
      } else if (files.length < MAX_FILES) files.push(rel);
    }
  }
  return files;
}
