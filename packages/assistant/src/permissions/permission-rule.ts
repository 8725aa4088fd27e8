import type { ToolEffectKind } from '@kodama/core';
import type { SimpleCommand } from '@kodama/shell';
import picomatch from 'picomatch';
import { pathViews } from './real-path.ts';
import { COMMAND_WORDS, kindOfWord, PATH_WORDS } from './rule-words.ts';
import { shellParser } from './shell-parser.ts';

/** What a rule says about the calls it matches. */
export type PermissionDecision = 'allow' | 'ask' | 'deny';

/**
 * A call as rules see it: the tool, what the call does (its declared
 * effect), and its command or path when it has one.
 */
export interface PermissionSubject {
  readonly tool: string;
  /**
   * The kind of the call's declared effect (`runsCommand`: `command` is the
   * line; `writesFile`, `readsPath`: `path` is the file); when absent, the
   * kind the tool's name stands for in the rule syntax (see `kindOfWord`).
   */
  readonly effect?: ToolEffectKind;
  /** A call that runs a command: the command line. */
  readonly command?: string;
  /** A call that writes or reads a path: the path as given (relative to the root, or absolute). */
  readonly path?: string;
}

/** The kind of effect rules judge `subject` by: its declared effect, or the one its tool's name stands for. */
export function subjectKind(subject: PermissionSubject): ToolEffectKind | undefined {
  return subject.effect ?? kindOfWord(subject.tool);
}

/**
 * One thing a rule is matched against, read once per decision: a bash simple
 * command (parsed), or a file tool's path (resolved).
 */
export interface RuleTarget {
  readonly tool: string;
  /** The kind of the call's effect (see {@link subjectKind}). */
  readonly kind?: ToolEffectKind;
  /** A call that runs a command: one simple command of the line. */
  readonly command?: SimpleCommand;
  /** The file tools: the real path, then the path as written (both root-relative, or absolute when outside). */
  readonly paths?: { readonly real: string; readonly written: string };
}

/**
 * How strictly a rule matches: `allow` rules only what they say (the
 * literal words of a command, the real path of a file); `guard` (deny and
 * ask rules) also what might be it (`/bin/rm` for `rm`, a word from an
 * expansion in place of a rule's word, the path as written).
 */
export type MatchMode = 'allow' | 'guard';

/** A parsed rule: `bash`, `bash(npm test:*)`, `edit(src/**)`, `web_fetch`, `fx__*`. */
export interface PermissionRule {
  /** The rule as written. */
  readonly text: string;
  readonly tool: string;
  /** bash rules with a pattern: the pattern's words, and whether more may follow (`:*`). */
  readonly words?: { readonly words: readonly string[]; readonly prefix: boolean };
  /** Path rules with a pattern: the glob, `./` removed. */
  readonly glob?: string;
  /**
   * True when the rule allows this whole call, as an `allow` rule would:
   * for bash, when the line is plain and the rule matches every simple
   * command of it; for a file tool, when it matches the real path.
   */
  matches(subject: PermissionSubject, root: string): boolean;
  /** True when the rule covers one target in `mode`. */
  covers(target: RuleTarget, mode: MatchMode): boolean;
}

/** The last path segment: `/usr/bin/rm` → `rm`. */
function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

/** The targets of a call for matching: each simple command of a bash line, or the file tool's path. */
export function targetsOf(
  subject: PermissionSubject,
  root: string,
): { targets: RuleTarget[]; plain: boolean } {
  const kind = subjectKind(subject);
  const of = { tool: subject.tool, ...(kind !== undefined ? { kind } : {}) };
  if (kind === 'runsCommand' && subject.command !== undefined) {
    const line = shellParser.parse(subject.command);
    return {
      targets: line.commands.map((command) => ({ ...of, command })),
      plain: line.beyond.length === 0,
    };
  }
  if (subject.path !== undefined)
    return { targets: [{ ...of, paths: pathViews(subject.path, root) }], plain: true };
  return { targets: [of], plain: true };
}

function wholeCall(covers: PermissionRule['covers']): PermissionRule['matches'] {
  return (subject, root) => {
    const { targets, plain } = targetsOf(subject, root);
    return plain && targets.length > 0 && targets.every((t) => covers(t, 'allow'));
  };
}

/** The words of a bash rule's pattern, read by the shell parser as a command is. */
function patternWords(text: string, pattern: string): string[] {
  const line = shellParser.parse(pattern);
  const [command, more] = line.commands;
  if (
    line.beyond.length > 0 ||
    command === undefined ||
    more !== undefined ||
    command.assignments.length > 0 ||
    command.redirects.length > 0 ||
    !command.words.every((w) => w.literal)
  )
    throw new Error(
      `"${text}": a bash rule names one plain command, its words as you would type them: bash(npm test:*), bash(git status)`,
    );
  return command.words.map((w) => w.value);
}

/** True when a command's words start with (or, not `prefix`, are exactly) the rule's words. */
function wordsMatch(
  command: SimpleCommand,
  rule: { readonly words: readonly string[]; readonly prefix: boolean },
  mode: MatchMode,
): boolean {
  const words = command.words;
  if (rule.prefix ? words.length < rule.words.length : words.length !== rule.words.length) return false;
  return rule.words.every((want, i) => {
    const word = words[i]!;
    if (mode === 'allow') return word.literal && word.value === want;
    // A guard also catches /bin/rm for rm, and a word bash fills in at run time (it might be the rule's word).
    if (i === 0) return word.literal && baseName(word.value) === baseName(want);
    return !word.literal || word.value === want;
  });
}

/**
 * Which calls a rule word judges, by what they do: a command word every call
 * that runs a command, a write word every call that writes a file (so
 * `edit(…)` covers write, and a third-party tool declaring the effect gets
 * these rules too), a read word the reads of its own tool; any other word
 * no call by effect (only the tool it names).
 */
function judgedBy(word: string): (t: RuleTarget) => boolean {
  const kind = kindOfWord(word);
  if (kind === 'runsCommand' || kind === 'writesFile') return (t) => t.kind === kind;
  if (kind === 'readsPath') return (t) => t.kind === kind && t.tool === word;
  return () => false;
}

/**
 * Parses a rule. `tool` alone matches every call of the tool; `bash(cmd)`
 * matches that exact command and `bash(prefix:*)` any command starting with
 * the prefix's words (both read as bash reads them: `bash(git commit -m
 * "wip")` is the same rule as `bash(git commit -m wip)`);
 * `read|write|edit|grep|glob(glob)` match paths relative to the project root
 * (picomatch, dotfiles included). Which rules judge a call is chosen by the
 * call's declared effects (see `judgedBy`): bash rules judge every call
 * that runs a command, edit and write rules every call that writes a file. Other
 * tools take no pattern. A name ending in `*` matches every tool whose name
 * starts with what comes before it: `fx__*`, every tool of the MCP server
 * `fx` (its tools are named `fx__<tool>`).
 *
 * @throws Error saying what is wrong and what a good rule looks like.
 */
export function parseRule(text: string): PermissionRule {
  const m = /^([A-Za-z_][\w-]*)(\*)?(?:\((.*)\))?$/s.exec(text.trim());
  if (!m)
    throw new Error(
      `"${text}" is not a rule; write a tool name, or a tool with a pattern: bash(npm test:*), edit(src/**), fx__*`,
    );
  const tool = m[1]!;
  const pattern = m[3];
  if (m[2] !== undefined) {
    if (pattern !== undefined && pattern.trim() !== '*' && pattern.trim() !== '**')
      throw new Error(`"${text}": a rule for every tool starting with "${tool}" takes no pattern`);
    const covers = (t: RuleTarget) => t.tool.startsWith(tool);
    return { text, tool: `${tool}*`, covers, matches: wholeCall(covers) };
  }
  const judges = judgedBy(tool);
  if (pattern === undefined || pattern.trim() === '*' || pattern.trim() === '**') {
    const covers = (t: RuleTarget) => t.tool === tool || judges(t);
    return { text, tool, covers, matches: wholeCall(covers) };
  }
  if (pattern.trim() === '')
    throw new Error(`"${text}" has an empty pattern; write ${tool} alone for every call`);
  if (kindOfWord(tool) === 'runsCommand') {
    const p = pattern.trim();
    const prefix = p.endsWith(':*');
    const source = prefix ? p.slice(0, -2).trim() : p;
    if (source === '') throw new Error(`"${text}": the prefix before :* is empty`);
    const words = { words: patternWords(text, source), prefix };
    const covers = (t: RuleTarget, mode: MatchMode) =>
      judges(t) && t.command !== undefined && wordsMatch(t.command, words, mode);
    return { text, tool, words, covers, matches: wholeCall(covers) };
  }
  if (!PATH_WORDS.includes(tool))
    throw new Error(
      `"${text}": only ${COMMAND_WORDS.join(', ')} and the file tools (${PATH_WORDS.join(', ')}) take a pattern; write ${tool} alone`,
    );
  const glob = pattern.trim().replace(/^\.\//, '');
  const isMatch = picomatch(glob, { dot: true });
  const covers = (t: RuleTarget, mode: MatchMode) => {
    if (!judges(t)) return false;
    if (t.paths === undefined) return false;
    // Allowed is what the path really is; a guard also catches it as written.
    return isMatch(t.paths.real) || (mode === 'guard' && isMatch(t.paths.written));
  };
  return { text, tool, glob, covers, matches: wholeCall(covers) };
}

/**
 * The simple commands of a shell command line as their source texts, read
 * by the shell parser; `undefined` when the line does things no rule can
 * vouch for (beyond the plain subset: substitutions, heredocs, redirection
 * to a file, `eval`, `bash -c`, … — see @kodama/shell).
 */
export function simpleCommands(line: string): string[] | undefined {
  const read = shellParser.parse(line);
  return read.beyond.length > 0 ? undefined : read.commands.map((c) => c.text);
}
