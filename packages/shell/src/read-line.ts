import type { Node } from 'web-tree-sitter';
import { isSafeAssignment } from './assignments.ts';
import type { CommandLine, Redirect, ShellWord, SimpleCommand } from './command-line.ts';
import { runnerReason } from './runners.ts';
import { readWord, type WordFindings } from './word.ts';

/** Statements read for their commands without making a line beyond the plain subset. */
const PLAIN_GROUPS = new Set([
  'program',
  'list',
  'pipeline',
  'negated_command',
  'subshell',
  'compound_statement',
]);

/** Statements that make a line beyond the plain subset; their commands are still read, for deny rules. */
const BEYOND_STATEMENTS: Readonly<Record<string, string>> = {
  function_definition: 'function definition',
  if_statement: 'if',
  while_statement: 'loop',
  for_statement: 'loop',
  c_style_for_statement: 'loop',
  case_statement: 'case',
  test_command: 'test expression',
  declaration_command: 'declaration',
  unset_command: 'unset',
};

/** Output to these is not a write to a file. */
const NULL_TARGETS = new Set(['/dev/null']);

/** A descriptor duplicated or closed: `2>&1`, `>&2`, `<&0`, `2>&-`. */
const DESCRIPTOR = /^(\d+|-)$/;

/** Characters bash and tree-sitter may read differently: controls other than tab and newline, Unicode blanks. */
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

/** Reads a parsed line (tree-sitter's root node) into its simple commands and what is beyond the plain subset. */
export function readLine(source: string, root: Node): CommandLine {
  const commands: SimpleCommand[] = [];
  const reasons = new Set<string>();
  const found: WordFindings = {
    beyond: (reason) => reasons.add(reason),
    inside: (node) => visitInside(node),
  };
  if (root.hasError) reasons.add('parse error');
  // tree-sitter takes \r, \f, \v and some Unicode spaces for blanks where bash sees word characters
  // (`npm test\f#;touch x` is a comment to one and two commands to the other): fail closed.
  if (INVISIBLE.test(source)) reasons.add('control character');
  if (root.descendantsOfType('comment').some((c) => c === null || !bashComment(source, c)))
    reasons.add('comment bash does not read as one');

  function visit(node: Node, outer: readonly Redirect[]): void {
    if (!node.isNamed || node.type === 'comment') return;
    if (PLAIN_GROUPS.has(node.type)) {
      for (const child of node.children) visit(child, outer);
      return;
    }
    switch (node.type) {
      case 'command': {
        // The command before those its words hide (in substitutions), which readCommand adds as it reads.
        const at = commands.length;
        const command = readCommand(node, outer, found);
        commands.splice(at, 0, command);
        return;
      }
      case 'redirected_statement': {
        const redirects = [...outer];
        for (const r of node.childrenForFieldName('redirect'))
          if (r !== null) readRedirect(r, redirects, found);
        const body = node.childForFieldName('body');
        if (body !== null) visit(body, redirects);
        return;
      }
      case 'variable_assignment':
        readAssignment(node, found);
        return;
      case 'variable_assignments':
        for (const child of node.children)
          if (child.type === 'variable_assignment') readAssignment(child, found);
        return;
      case 'ERROR':
        reasons.add('parse error');
        break;
      default:
        reasons.add(BEYOND_STATEMENTS[node.type] ?? `unreadable construct (${node.type})`);
    }
    // What is beyond the plain subset is still read for the commands inside it.
    for (const child of node.children) visitInside(child);
  }

  function visitInside(node: Node): void {
    if (node.type === 'command_substitution' || node.type === 'process_substitution') readWord(node, found);
    else if (node.type === 'ERROR' || node.type in BEYOND_STATEMENTS || STATEMENTS.has(node.type))
      visit(node, []);
    else for (const child of node.children) visitInside(child);
  }

  visit(root, []);
  return { source, commands, beyond: [...reasons] };
}

/**
 * True when bash too starts a comment where tree-sitter saw one: `#` at the
 * start of a word, after an unescaped blank or an operator. tree-sitter
 * takes `a \\ #;touch x` for `a` and a comment; bash runs `a ' #'`, then
 * `touch x`.
 */
function bashComment(source: string, node: Node): boolean {
  const at = node.startIndex;
  if (source[at] !== '#') return false; // not where it says: fail closed
  if (at === 0) return true;
  const before = source[at - 1]!;
  if (';&|()<>\n'.includes(before)) return true;
  if (before !== ' ' && before !== '\t') return false;
  let slashes = 0;
  for (let i = at - 2; i >= 0 && source[i] === '\\'; i--) slashes++;
  return slashes % 2 === 0;
}

/** Node types that are statements (they may hold commands). */
const STATEMENTS = new Set([
  ...PLAIN_GROUPS,
  'command',
  'redirected_statement',
  'variable_assignment',
  'variable_assignments',
]);

function readCommand(node: Node, outer: readonly Redirect[], found: WordFindings): SimpleCommand {
  // Between the parts of one command bash allows blanks and backslash-newline, never a newline: where
  // tree-sitter carries a command on over a line break, bash starts a new command there.
  const children = node.children;
  for (let i = 1; i < children.length; i++) {
    const gap = node.text.slice(
      children[i - 1]!.endIndex - node.startIndex,
      children[i]!.startIndex - node.startIndex,
    );
    if (/(^|[^\\])\n/.test(gap)) found.beyond('parse error');
  }
  const words: ShellWord[] = [];
  const assignments: string[] = [];
  const redirects: Redirect[] = [];
  node.children.forEach((child, i) => {
    const field = node.fieldNameForChild(i);
    if (field === 'name') {
      const parts = child.children.map((c) => readWord(c, found));
      const value = parts.map((p) => p.value).join('');
      // A glob in the name picks the program from the file system.
      const literal = parts.length > 0 && parts.every((p) => p.literal) && !/[*?[]/.test(value);
      if (!literal) found.beyond('command name from an expansion');
      words.unshift({ value, literal });
    } else if (field === 'argument') words.push(readWord(child, found));
    else if (field === 'redirect') readRedirect(child, redirects, found);
    else if (child.type === 'variable_assignment') {
      readAssignment(child, found);
      assignments.push(child.text);
    } else if (child.isNamed && child.type !== 'comment')
      found.beyond(`unreadable construct (${child.type})`);
  });
  const name = words[0]?.value ?? '';
  const runner = runnerReason(words);
  if (runner !== undefined) found.beyond(runner);
  return {
    text: node.text,
    name,
    args: words.slice(1).map((w) => w.value),
    words,
    assignments,
    redirects: [...redirects, ...outer],
  };
}

function readAssignment(node: Node, found: WordFindings): void {
  const name = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  if (name === null || name.type !== 'variable_name' || !isSafeAssignment(name.text))
    found.beyond(`assignment to ${name?.text ?? 'a variable'}`);
  if (value !== null) {
    const word = value.type === 'array' ? { literal: false } : readWord(value, found);
    if (!word.literal) found.beyond(`assignment to ${name?.text ?? 'a variable'}`);
  }
}

function readRedirect(node: Node, into: Redirect[], found: WordFindings): void {
  if (node.type === 'heredoc_redirect' || node.type === 'herestring_redirect') {
    found.beyond(node.type === 'heredoc_redirect' ? 'heredoc' : 'herestring');
    // A heredoc can carry more redirections and a whole pipeline after its delimiter.
    for (const child of node.children) {
      if (child.type === 'file_redirect') readRedirect(child, into, found);
      else found.inside(child);
    }
    return;
  }
  if (node.type !== 'file_redirect') {
    found.beyond(`unreadable redirection (${node.type})`);
    return;
  }
  // tree-sitter lets a target follow on the next line (`a <` newline `b`); bash calls that a syntax error.
  if (node.text.includes('\n')) found.beyond('parse error');
  const descriptor = node.childForFieldName('descriptor')?.text ?? '';
  const operator = node.children.find((c) => !c.isNamed)?.type ?? '';
  const destination = node.childForFieldName('destination');
  const target =
    destination === null ? { value: '', literal: operator.endsWith('-') } : readWord(destination, found);
  into.push({ operator: `${descriptor}${operator}`, target: target.value });
  const plain =
    operator === '>&-' ||
    operator === '<&-' ||
    (target.literal &&
      (operator === '<'
        ? true
        : operator === '>&' || operator === '<&'
          ? DESCRIPTOR.test(target.value)
          : ['>', '>>', '&>', '&>>', '>|'].includes(operator) && NULL_TARGETS.has(target.value)));
  if (!plain) found.beyond(operator === '<' ? 'redirection from an expansion' : 'redirection to a file');
}
