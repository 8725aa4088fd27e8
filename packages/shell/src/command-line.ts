/** A redirection of one simple command, as bash reads it. */
export interface Redirect {
  /** The operator as written, with its descriptor: `>`, `2>`, `>>`, `&>`, `2>&`, `<`. */
  readonly operator: string;
  /** The target unquoted: a file (`/dev/null`, `out.txt`) or a descriptor (`1`, `-`). */
  readonly target: string;
}

/** One word of a simple command: what bash passes to the program, when that is known before it runs. */
export interface ShellWord {
  /**
   * The word unquoted: quotes removed, backslashes applied. Glob characters
   * (`*`, `?`, `[`) stay as literal text. For a dynamic word, the text with
   * its quotes removed as well as can be said (never to be trusted as the value).
   */
  readonly value: string;
  /**
   * False when bash would change the word before the program sees it: a
   * `$`-expansion (`$HOME`, `${x}`), tilde expansion (`~/x`), brace expansion
   * (`a{b,c}`), or, in the command name only, a glob.
   */
  readonly literal: boolean;
}

/** One simple command of a line: a program (or builtin) with its words, assignments and redirections. */
export interface SimpleCommand {
  /** The command's source text, redirections included. */
  readonly text: string;
  /** The command name unquoted (`\rm` and `'rm'` are `rm`); `''` when it could not be read. */
  readonly name: string;
  /** The arguments unquoted, in order. */
  readonly args: readonly string[];
  /** The name followed by the arguments, each with whether its value is known before bash runs it. */
  readonly words: readonly ShellWord[];
  /** Prefix assignments as written: `FOO=1` in `FOO=1 npm test`. */
  readonly assignments: readonly string[];
  /** Redirections in order, on the command or on the statement around it. */
  readonly redirects: readonly Redirect[];
}

/** A parsed command line. */
export interface CommandLine {
  /** The line as given. */
  readonly source: string;
  /**
   * Every simple command bash would run that can be seen, in source order:
   * the parts of lists and pipelines, and also those inside substitutions,
   * loops and other constructs that make a line not plain (so a deny rule
   * still sees them).
   */
  readonly commands: readonly SimpleCommand[];
  /**
   * Why the line is beyond the plain subset (each reason once, in order
   * found): `'command substitution'`, `'heredoc'`, `'ANSI-C quoting'`,
   * `'redirection to a file'`, `'eval'`, `'bash -c'`, `'parse error'`, …;
   * `[]` when the line is plain: only simple commands joined by `;`, `&`,
   * `&&`, `||`, `|` and newlines, with literal names, no code hidden in a
   * word, and output redirected only to `/dev/null` or another descriptor.
   */
  readonly beyond: readonly string[];
}

/** Parses command lines; from {@link loadShellParser}. */
export interface ShellParser {
  /** Parses one command line (never throws: what cannot be read is a `'parse error'` in `beyond`). */
  parse(source: string): CommandLine;
}
