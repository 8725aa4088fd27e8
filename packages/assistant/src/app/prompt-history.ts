import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Most entries kept when loading. */
const KEEP = 500;

/**
 * The prompts sent in one project, one JSON string a line, oldest first:
 * Up and Down walk them in the input. Failures to read or write are
 * ignored: history is a convenience, never a reason to stop.
 */
export class PromptHistory {
  constructor(private readonly file: string | undefined) {}

  /** The stored prompts, oldest first (the last 500). */
  async load(): Promise<string[]> {
    if (!this.file) return [];
    try {
      const lines = (await readFile(this.file, 'utf8')).split('\n').filter((l) => l !== '');
      return lines.slice(-KEEP).flatMap((l) => {
        try {
          const v = JSON.parse(l) as unknown;
          return typeof v === 'string' ? [v] : [];
        } catch {
          return [];
        }
      });
    } catch {
      return [];
    }
  }

  /** Appends one prompt. */
  async add(prompt: string): Promise<void> {
    if (!this.file) return;
    try {
      await mkdir(dirname(this.file), { recursive: true });
      await appendFile(this.file, `${JSON.stringify(prompt)}\n`);
    } catch {
      // A read-only home: the prompt still works, it is just not remembered.
    }
  }
}
