import type { MemoryRecord } from './memory-store.ts';

/** Escapes what would close or fake the block's tags. */
function plain(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

/** `[m3] fact` lines, newest kept first, within `maxChars` in total. */
function bounded(memories: readonly MemoryRecord[], maxChars: number): string[] {
  const lines: string[] = [];
  let size = 0;
  for (const m of memories) {
    const line = `- [${m.id}] ${plain(m.text)}`;
    if (size + line.length + 1 > maxChars) break;
    lines.push(line);
    size += line.length + 1;
  }
  return lines;
}

/**
 * The resident summary for the system prompt: what is known about the user,
 * most recently changed first, at most `maxChars` of facts. `undefined` when
 * nothing is known.
 */
export function residentSummary(memories: readonly MemoryRecord[], maxChars: number): string | undefined {
  const newest = [...memories].sort((a, b) => b.updatedAt - a.updatedAt);
  const lines = bounded(newest, maxChars);
  if (lines.length === 0) return undefined;
  const more = memories.length > lines.length ? `\n(${memories.length - lines.length} more: use recall)` : '';
  return (
    [
      '## What you remember about the user',
      "Facts kept from earlier conversations (ids for the forget tool). They may be out of date; the user's word wins.",
      ...lines,
    ].join('\n') + more
  );
}

/**
 * The prefetch block injected after a user message: the memories that match
 * it, within `maxChars`. Marked as memory, not as something the user said,
 * so it is never captured again.
 */
export function memoryContextBlock(memories: readonly MemoryRecord[], maxChars: number): string | undefined {
  const lines = bounded(memories, maxChars);
  if (lines.length === 0) return undefined;
  return [
    '<memory-context>',
    'Remembered about the user (not part of their message):',
    ...lines,
    '</memory-context>',
  ].join('\n');
}
