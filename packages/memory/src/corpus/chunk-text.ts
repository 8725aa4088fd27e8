import { CHARS_PER_TOKEN } from './estimate-tokens.ts';

/** One piece of a document, as indexed and searched. */
export interface Chunk {
  /** The heading trail the piece sits under (`Setup › Linux`), '' outside any heading. */
  readonly heading: string;
  readonly text: string;
  /** First and last line (1-based) of the piece in the document. */
  readonly startLine: number;
  readonly endLine: number;
}

/** How {@link chunkText} cuts. */
export interface ChunkOptions {
  /** Upper bound of a chunk, in estimated tokens (default 400). */
  readonly maxTokens?: number;
  /** Tokens of the previous chunk repeated at the start of the next one in a long section (default 50). */
  readonly overlapTokens?: number;
  /** Markdown: cut at headings, and keep each heading with its section (default: by the file name). */
  readonly markdown?: boolean;
}

interface Section {
  readonly trail: string[];
  readonly lines: Array<{ text: string; no: number }>;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

/**
 * Cuts a document into chunks of at most `maxTokens`: Markdown first into
 * sections at headings (outside code fences), each chunk labelled with its
 * heading trail, small neighbouring sections packed together; then a section
 * that is too long into runs of whole paragraphs (then lines, then
 * characters) with `overlapTokens` of the previous run repeated, so a
 * sentence cut at a boundary is whole in one of the two.
 */
export function chunkText(text: string, options: ChunkOptions = {}): Chunk[] {
  const maxChars = (options.maxTokens ?? 400) * CHARS_PER_TOKEN;
  const overlapChars = Math.min((options.overlapTokens ?? 50) * CHARS_PER_TOKEN, Math.floor(maxChars / 2));
  const sections = options.markdown ? markdownSections(text) : [plainSection(text)];
  const chunks: Chunk[] = [];
  let packed: { heading: string; lines: Section['lines'] } | undefined;
  const flush = () => {
    if (packed?.lines.some((l) => l.text.trim() !== '')) chunks.push(toChunk(packed.heading, packed.lines));
    packed = undefined;
  };
  for (const section of sections) {
    const heading = section.trail.join(' › ');
    const size = joined(section.lines).length;
    if (size > maxChars) {
      flush();
      for (const piece of splitLong(section.lines, maxChars, overlapChars))
        chunks.push(toChunk(heading, piece));
      continue;
    }
    if (packed && joined(packed.lines).length + size + 1 <= maxChars) {
      packed.lines.push(...section.lines);
      continue;
    }
    flush();
    packed = { heading, lines: [...section.lines] };
  }
  flush();
  return chunks;
}

function joined(lines: Section['lines']): string {
  return lines.map((l) => l.text).join('\n');
}

/** A chunk of `lines` (at least one not blank); its line range leaves out blank lines at either end. */
function toChunk(heading: string, lines: Section['lines']): Chunk {
  const text = lines.filter((l) => l.text.trim() !== '');
  return { heading, text: joined(lines).trim(), startLine: text[0]!.no, endLine: text[text.length - 1]!.no };
}

function plainSection(text: string): Section {
  return { trail: [], lines: text.split('\n').map((t, i) => ({ text: t, no: i + 1 })) };
}

/** Sections at Markdown headings; a heading line opens its section, so it stays with its text. */
function markdownSections(text: string): Section[] {
  const sections: Section[] = [];
  const stack: Array<{ level: number; title: string }> = [];
  let current: Section = { trail: [], lines: [] };
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (FENCE.test(line)) fenced = !fenced;
    const match = fenced ? null : HEADING.exec(line);
    if (match) {
      if (current.lines.length > 0) sections.push(current);
      const level = match[1]!.length;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, title: match[2]! });
      current = { trail: stack.map((h) => h.title), lines: [] };
    }
    current.lines.push({ text: line, no: i + 1 });
  });
  if (current.lines.length > 0) sections.push(current);
  return sections;
}

/** Runs of whole paragraphs (else lines, else characters) under `maxChars`, each starting with the previous one's tail. */
function splitLong(lines: Section['lines'], maxChars: number, overlapChars: number): Array<Section['lines']> {
  // Lines longer than a chunk (less its overlap) are cut first, so every unit fits after an overlap.
  const width = Math.max(1, maxChars - overlapChars - 1);
  const units: Section['lines'] = [];
  for (const line of lines) {
    if (line.text.length <= width) units.push(line);
    else
      for (let at = 0; at < line.text.length; at += width) {
        units.push({ text: line.text.slice(at, at + width), no: line.no });
      }
  }
  const out: Array<Section['lines']> = [];
  let run: Section['lines'] = [];
  let size = 0;
  let fresh = 0; // text lines added since the last cut (the overlap does not count)
  for (const unit of units) {
    if (fresh > 0 && size + unit.text.length + 1 > maxChars) {
      out.push(run);
      run = tail(run, overlapChars);
      size = joined(run).length;
      fresh = 0;
    }
    if (size + unit.text.length + 1 > maxChars) {
      run = [];
      size = 0;
    }
    run.push(unit);
    size += unit.text.length + 1;
    if (unit.text.trim() !== '') fresh++;
  }
  if (fresh > 0) out.push(run);
  return out;
}

/** The last lines of `run` that fit in `chars`, preferring to start at a paragraph (after a blank line). */
function tail(run: Section['lines'], chars: number): Section['lines'] {
  const out: Section['lines'] = [];
  let size = 0;
  for (let i = run.length - 1; i >= 0; i--) {
    const line = run[i]!;
    if (size + line.text.length + 1 > chars) break;
    out.unshift(line);
    size += line.text.length + 1;
  }
  const blank = out.findIndex((l) => l.text.trim() === '');
  if (blank > 0 && blank < out.length - 1) return out.slice(blank + 1);
  if (out.some((l) => l.text.trim() !== '')) return out;
  // The last line alone is longer than the overlap: repeat its end, from a word boundary.
  const last = [...run].reverse().find((l) => l.text.trim() !== '');
  if (last === undefined) return [];
  const end = last.text.slice(-chars);
  const space = end.indexOf(' ');
  return [{ text: space > 0 ? end.slice(space + 1) : end, no: last.no }];
}
