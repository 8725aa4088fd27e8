import type { Token, Tokens } from 'marked';
import type { Theme } from '../render/theme.ts';

/** Renders inline tokens (emphasis, code spans, links) to one styled string. */
export function renderInline(tokens: readonly Token[] | undefined, theme: Theme): string {
  if (!tokens) return '';
  let out = '';
  for (const token of tokens) out += inlineToken(token, theme);
  return out;
}

function inlineToken(token: Token, theme: Theme): string {
  switch (token.type) {
    case 'strong':
      return theme.bold(renderInline((token as Tokens.Strong).tokens, theme));
    case 'em':
      return theme.italic(renderInline((token as Tokens.Em).tokens, theme));
    case 'del':
      return theme.strike(renderInline((token as Tokens.Del).tokens, theme));
    case 'codespan':
      return theme.code(unescapeEntities((token as Tokens.Codespan).text));
    case 'br':
      return '\n';
    case 'link': {
      const link = token as Tokens.Link;
      const text = renderInline(link.tokens, theme);
      return link.href === link.text || link.href === `mailto:${link.text}`
        ? theme.underline(text)
        : `${theme.underline(text)} ${theme.dim(`(${link.href})`)}`;
    }
    case 'image': {
      const image = token as Tokens.Image;
      return theme.dim(`[image: ${image.text || image.href}]`);
    }
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? renderInline(text.tokens, theme) : unescapeEntities(text.text);
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'html':
      return (token as Tokens.HTML).text;
    default:
      return 'raw' in token ? String(token.raw) : '';
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** marked escapes a few characters in text; the terminal wants them back. */
export function unescapeEntities(text: string): string {
  return text.includes('&') ? text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e) : text;
}
