import type { Node } from 'web-tree-sitter';
import type { ShellWord } from './command-line.ts';

/** What reading a word found beside its value: reasons it is beyond the plain subset, and commands hidden inside. */
export interface WordFindings {
  beyond(reason: string): void;
  /** A node to be read for the commands it holds (a statement, or anything with statements or substitutions inside). */
  inside(node: Node): void;
}

/** A `${…}` that only names a variable: `${HOME}`, `${1}`, `${@}`. Anything more (`${x@P}`, `${!x}`, `${x:-…}`) can run or hide code. */
const PLAIN_EXPANSION = /^\$\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])\}$/;

/**
 * Reads one word node as bash would pass it, without running anything:
 * removes quotes and applies backslashes; marks `$`-expansions, tilde and
 * brace expansion as not literal; reports what makes the word beyond the
 * plain subset (command and process substitution, `$((…))`, `$'…'`, `$"…"`,
 * parameter operators) to `found`.
 */
export function readWord(node: Node, found: WordFindings): ShellWord {
  switch (node.type) {
    case 'word':
    case 'number':
      // tree-sitter can start a word with the newline that ends a command (`b` newline `\touch x`
      // read as `b` with the argument `\ntouch`); bash never has a bare newline in a word.
      if (bareNewline(node.text)) found.beyond('parse error');
      return node.type === 'word' ? unquotedWord(node.text) : { value: node.text, literal: true };
    case 'raw_string':
      return { value: node.text.slice(1, -1), literal: true };
    case 'string':
      return doubleQuoted(node, found);
    case 'concatenation': {
      const parts = node.children.map((c) => readWord(c, found));
      // tree-sitter splits a brace expansion `a{b,c}` into words; an unquoted `{` may expand to several words.
      const braces = node.children.some((c) => c.type === 'word' && c.text.includes('{'));
      return { value: parts.map((p) => p.value).join(''), literal: !braces && parts.every((p) => p.literal) };
    }
    case 'simple_expansion':
      return { value: node.text, literal: false };
    case 'expansion':
      if (!PLAIN_EXPANSION.test(node.text)) found.beyond('parameter expansion operator');
      for (const c of node.descendantsOfType(['command_substitution', 'process_substitution'])) {
        if (c !== null) substitution(c, found);
      }
      return { value: node.text, literal: false };
    case 'command_substitution':
    case 'process_substitution':
      substitution(node, found);
      return { value: node.text, literal: false };
    case 'arithmetic_expansion':
      // $((x)) evaluates x's value as an expression, and `a[$(cmd)]` inside it runs cmd.
      found.beyond('arithmetic expansion');
      return { value: node.text, literal: false };
    case 'brace_expression':
      return { value: node.text, literal: false };
    case 'ansi_c_string':
      found.beyond('ANSI-C quoting');
      return { value: node.text, literal: false };
    case 'translated_string':
      found.beyond('locale quoting');
      return { value: node.text, literal: false };
    default:
      // `{`, `}` and `,` of a brace expansion split into words; an anonymous `$`; anything unexpected.
      if (node.isNamed || node.type === '$') found.beyond(`unreadable word (${node.type})`);
      return { value: node.text, literal: false };
  }
}

function substitution(node: Node, found: WordFindings): void {
  found.beyond(node.type === 'command_substitution' ? 'command substitution' : 'process substitution');
  for (const child of node.children) found.inside(child);
}

/** True when `text` has a newline that no backslash escapes. */
function bareNewline(text: string): boolean {
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    let slashes = 0;
    for (let j = i - 1; j >= 0 && text[j] === '\\'; j--) slashes++;
    if (slashes % 2 === 0) return true;
  }
  return false;
}

/** An unquoted word: backslash quotes the next character, backslash-newline disappears. */
function unquotedWord(text: string): ShellWord {
  let value = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      i++;
      if (text[i] !== '\n') value += text[i];
    } else value += c;
  }
  // ~ at the start expands to a home folder; an unquoted { … , … } or {a..b} expands to several words.
  const literal = !text.startsWith('~') && !/(^|[^\\])\{.*(,|\.\.).*\}/.test(text);
  return { value, literal };
}

/** A double-quoted string: only `$`, `` ` ``, `"`, `\` and newline lose their backslash; expansions make it dynamic. */
function doubleQuoted(node: Node, found: WordFindings): ShellWord {
  let literal = true;
  for (const child of node.children) {
    if (child.type === '"' || child.type === 'string_content') continue;
    readWord(child, found);
    literal = false;
  }
  // The source between the quotes, not the children's texts: tree-sitter leaves some spaces out of them.
  const value = node.text.slice(1, -1).replace(/\\([$`"\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));
  return { value, literal };
}
