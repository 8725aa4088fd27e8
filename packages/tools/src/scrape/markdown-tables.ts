import type TurndownService from 'turndown';

// GFM tables for turndown written against the plain Node API. The
// turndown-plugin-gfm table rules read `table.rows`, which linkedom does not
// implement, and we hand turndown linkedom nodes to avoid a second HTML parse.

type DomNode = TurndownService.Node;

function isCell(node: DomNode | null): boolean {
  return node !== null && (node.nodeName === 'TH' || node.nodeName === 'TD');
}

function cellsOf(row: DomNode): DomNode[] {
  return Array.from(row.childNodes as unknown as ArrayLike<DomNode>).filter(isCell);
}

/** The table a row belongs to (rows may sit in thead/tbody/tfoot). */
function tableOf(row: DomNode): DomNode | null {
  const parent = row.parentNode as DomNode | null;
  if (parent?.nodeName === 'TABLE') return parent;
  const grandparent = parent?.parentNode as DomNode | null | undefined;
  return grandparent?.nodeName === 'TABLE' ? grandparent : null;
}

/** True for the first row of its table: it becomes the Markdown header row. */
function isFirstRow(row: DomNode): boolean {
  const table = tableOf(row);
  if (!table) return false;
  const first = (table as unknown as { querySelector(selector: string): DomNode | null }).querySelector('tr');
  return first === row;
}

function cellText(content: string): string {
  return content.replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim();
}

/**
 * Adds GFM table rules: the first row is the header (an empty header is
 * invented when the table has none, so every table renders as Markdown),
 * cells are flattened to one line with `|` escaped.
 */
export function markdownTables(service: TurndownService): void {
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const first = cellsOf(node.parentNode as DomNode)[0] === node;
      return `${first ? '| ' : ' '}${cellText(content)} |`;
    },
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const columns = cellsOf(node).length;
      if (columns === 0) return '';
      const separator = `| ${Array.from({ length: columns }, () => '---').join(' | ')} |`;
      if (!isFirstRow(node)) return `\n${content}`;
      const headerIsData =
        !cellsOf(node).every((cell) => cell.nodeName === 'TH') && node.parentNode?.nodeName !== 'THEAD';
      if (headerIsData)
        return `\n| ${Array.from({ length: columns }, () => ' ').join(' | ')} |\n${separator}\n${content}`;
      return `\n${content}\n${separator}`;
    },
  });
  service.addRule('tableSection', {
    filter: ['thead', 'tbody', 'tfoot'],
    replacement: (content) => content,
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => `\n\n${content.replace(/^\n+/, '')}\n\n`,
  });
}
