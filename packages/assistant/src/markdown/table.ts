import type { Tokens } from 'marked';
import type { Theme } from '../render/theme.ts';
import { widthOf, wrap } from '../render/width.ts';
import { renderInline } from './inline.ts';

/**
 * A Markdown table in box-drawing characters, at most `width` columns wide:
 * columns keep their natural width when it fits, else share the room in
 * proportion and wrap their cells.
 */
export function renderTable(table: Tokens.Table, width: number, theme: Theme): string[] {
  const header = table.header.map((c) => renderInline(c.tokens, theme));
  const rows = table.rows.map((r) => r.map((c) => renderInline(c.tokens, theme)));
  const n = header.length;
  if (n === 0) return [];
  const natural = header.map((h, i) => Math.max(widthOf(h), ...rows.map((r) => widthOf(r[i] ?? '')), 1));
  const room = Math.max(n, width - (3 * n + 1));
  const widths = fit(natural, room);
  const line = (l: string, m: string, r: string) =>
    theme.dim(l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r);
  const out = [line('┌', '┬', '┐')];
  out.push(...row(header.map(theme.bold), widths, table.align, theme));
  out.push(line('├', '┼', '┤'));
  for (const r of rows) out.push(...row(r, widths, table.align, theme));
  out.push(line('└', '┴', '┘'));
  return out;
}

function fit(natural: number[], room: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= room) return natural;
  const widths = natural.map((w) => Math.max(1, Math.floor((w * room) / total)));
  return widths;
}

function row(
  cells: readonly string[],
  widths: readonly number[],
  align: Tokens.Table['align'],
  theme: Theme,
): string[] {
  const wrapped = widths.map((w, i) => wrap(cells[i] ?? '', w));
  const height = Math.max(1, ...wrapped.map((c) => c.length));
  const bar = theme.dim('│');
  const lines: string[] = [];
  for (let y = 0; y < height; y++) {
    const parts = widths.map((w, i) => pad(wrapped[i]?.[y] ?? '', w, align[i] ?? null));
    lines.push(`${bar} ${parts.join(` ${bar} `)} ${bar}`);
  }
  return lines;
}

function pad(text: string, width: number, align: 'center' | 'left' | 'right' | null): string {
  const gap = Math.max(0, width - widthOf(text));
  if (align === 'right') return ' '.repeat(gap) + text;
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(Math.ceil(gap / 2));
  return text + ' '.repeat(gap);
}
