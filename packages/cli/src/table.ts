/** Rows as a plain-text table: each column as wide as its widest cell, two spaces apart, no trailing spaces. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    `${cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()}\n`;
  return line(header) + rows.map(line).join('');
}
