import type { Theme } from '../render/theme.ts';

const KEYWORDS = new Set(
  `abstract as async await break case catch class const continue def default defer del do elif else enum export extends false final finally fn for from func function go if impl implements import in interface is let loop match mod module mut new nil none null of package pass private protected pub public raise readonly return self static struct super switch this throw true try type typeof undefined use var void where while with yield`.split(
    ' ',
  ),
);

/** Comments, strings, numbers, words: one alternation, scanned once per line. */
const TOKEN =
  /(\/\/.*$|#(?![!\w{[]).*$|--\s.*$)|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|`(?:[^`\\]|\\.)*`?)|(\b\d[\d_.]*(?:e[+-]?\d+)?\b|\b0x[\da-f]+\b)|([A-Za-z_$][\w$]*)/gi;

const HASH_COMMENT = new Set([
  'sh',
  'bash',
  'zsh',
  'shell',
  'python',
  'py',
  'ruby',
  'rb',
  'yaml',
  'yml',
  'toml',
  'perl',
  'r',
]);

/**
 * Colours one line of code: keywords, strings, numbers and line comments, for
 * any C-like, shell, Python-like or Lua-like language. A cheap lexer, not a
 * parser: a block comment or a string spanning lines is coloured line by line.
 * The plain theme returns the line untouched.
 */
export function highlightLine(line: string, lang: string, theme: Theme): string {
  if (!theme.colour || line === '') return line;
  const hash = HASH_COMMENT.has(lang.toLowerCase());
  return line.replace(TOKEN, (match, comment, str, num, word) => {
    if (comment !== undefined) {
      if (comment.startsWith('#') && !hash) return match;
      if (comment.startsWith('--') && lang !== 'sql' && lang !== 'lua' && lang !== 'haskell') return match;
      return theme.comment(match);
    }
    if (str !== undefined) return theme.string(match);
    if (num !== undefined) return theme.number(match);
    if (word !== undefined && KEYWORDS.has(word)) return theme.keyword(match);
    return match;
  });
}
