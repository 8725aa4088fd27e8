import type { Token, Tokens } from 'marked';
import type { Theme } from '../render/theme.ts';
import { expandTabs, truncate, wrap } from '../render/width.ts';
import { highlightLine } from './highlight.ts';
import { renderInline, unescapeEntities } from './inline.ts';
import { renderTable } from './table.ts';

/**
 * Block tokens to terminal lines of at most `width` columns: headings,
 * paragraphs, lists (nested), fenced code with highlighting, tables, quotes,
 * rules. Blocks are separated by one blank line.
 */
export function renderBlocks(tokens: readonly Token[], width: number, theme: Theme): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const lines = renderBlock(token, width, theme);
    if (lines.length === 0) continue;
    if (out.length > 0) out.push('');
    out.push(...lines);
  }
  return out;
}

function renderBlock(token: Token, width: number, theme: Theme): string[] {
  switch (token.type) {
    case 'heading': {
      const h = token as Tokens.Heading;
      const text = renderInline(h.tokens, theme);
      const marked = h.depth <= 2 ? theme.bold(theme.accent(text)) : theme.bold(text);
      return wrap(`${theme.dim('#'.repeat(h.depth))} ${marked}`, width);
    }
    case 'paragraph':
      return wrapText(renderInline((token as Tokens.Paragraph).tokens, theme), width);
    case 'text': {
      const t = token as Tokens.Text;
      return wrapText(t.tokens ? renderInline(t.tokens, theme) : unescapeEntities(t.text), width);
    }
    case 'code':
      return renderCode(token as Tokens.Code, width, theme);
    case 'list':
      return renderList(token as Tokens.List, width, theme);
    case 'table':
      return renderTable(token as Tokens.Table, width, theme);
    case 'blockquote': {
      const inner = renderBlocks((token as Tokens.Blockquote).tokens, Math.max(1, width - 2), theme);
      return inner.map((l) => `${theme.dim('│')} ${theme.italic(l)}`);
    }
    case 'hr':
      return [theme.dim('─'.repeat(Math.max(1, Math.min(width, 40))))];
    case 'html':
      return wrapText((token as Tokens.HTML).text.trimEnd(), width);
    case 'space':
      return [];
    default:
      return 'raw' in token && typeof token.raw === 'string' && token.raw.trim() !== ''
        ? wrapText(token.raw.trimEnd(), width)
        : [];
  }
}

function wrapText(text: string, width: number): string[] {
  return text.split('\n').flatMap((l) => wrap(l, width));
}

/** A fenced block: a dim rule with the language, the highlighted lines (cut, never wrapped), a dim rule. */
function renderCode(code: Tokens.Code, width: number, theme: Theme): string[] {
  const lang = (code.lang ?? '').split(/\s/)[0] ?? '';
  const top = lang ? `── ${lang} ` : '──';
  const rule = (head: string) =>
    theme.dim(truncate(head + '─'.repeat(Math.max(0, Math.min(width, 40) - head.length)), width));
  const body = code.text
    .split('\n')
    .map((l) => truncate(`  ${highlightLine(expandTabs(l), lang, theme)}`, width));
  return [rule(top), ...body, rule('')];
}

function renderList(list: Tokens.List, width: number, theme: Theme): string[] {
  const out: string[] = [];
  const start = typeof list.start === 'number' ? list.start : 1;
  list.items.forEach((item, i) => {
    const marker = item.task ? (item.checked ? '[x] ' : '[ ] ') : list.ordered ? `${start + i}. ` : '• ';
    const indent = ' '.repeat(marker.length);
    const inner = renderBlocks(
      item.tokens.filter((t) => t.type !== 'checkbox'),
      Math.max(1, width - marker.length),
      theme,
    ).filter((l, j, all) => l !== '' || (j > 0 && all[j - 1] !== '' && list.loose));
    inner.forEach((l, j) => {
      out.push(j === 0 ? theme.accent(marker) + l : l === '' ? '' : indent + l);
    });
    if (inner.length === 0) out.push(theme.accent(marker));
  });
  return out;
}
