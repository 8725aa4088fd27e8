import { type PermissionSubject, subjectKind } from './permission-rule.ts';
import { pathViews } from './real-path.ts';
import { wordFor } from './rule-words.ts';
import { shellParser } from './shell-parser.ts';

/**
 * Programs whose first argument is a subcommand (`git status`, `npm test`):
 * their rule is a prefix of the program and the subcommand, so the next call
 * with other options is covered too. For `run`-style subcommands the script
 * name is part of it (`npm run build:*`).
 */
const SUBCOMMANDS = new Set([
  'git',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'deno',
  'cargo',
  'go',
  'make',
  'just',
  'task',
  'docker',
  'podman',
  'kubectl',
  'pip',
  'pip3',
  'uv',
  'poetry',
  'dotnet',
  'mvn',
  'gradle',
  'nx',
  'turbo',
  'rustup',
  'gh',
]);

/** Subcommands that take the name of what they run next: part of the rule. */
const RUN_SUBCOMMANDS = new Set(['run', 'run-script', 'exec', 'x', 'dlx']);

/** Characters a word may have and be written bare in a rule. */
const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** A word as a rule writes it: bare when it can be, else single-quoted. */
function quote(word: string): string {
  return BARE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The narrowest rule that covers the call, for an "always" answer and for
 * the message saying how to allow a refused call; undefined when no rule can
 * allow it. For bash, only a line that is one plain simple command has one:
 * a program with subcommands gets a prefix of its name and subcommand
 * (`npm test -- --grep x` → `bash(npm test:*)`, `npm run build` →
 * `bash(npm run build:*)`), any other command itself exactly
 * (`rm -rf build` → `bash(rm -rf build)`), and a command with a word bash
 * fills in at run time a prefix of the words before it (`cat $F` →
 * `bash(cat:*)`). A loop, a pipeline, a substitution or any other line
 * beyond the plain subset, or several commands, have none (each would need
 * its own rule, and a loop's would allow any command). For a file tool, the
 * path (its real path, relative to `root` when inside it): `edit(src/a.ts)`;
 * any other tool, its name.
 *
 * This does not consult the rules in effect: `PermissionRules.narrowestRule`
 * also checks that the rule would allow the call there.
 */
export function narrowestRule(subject: PermissionSubject, root: string = process.cwd()): string | undefined {
  const kind = subjectKind(subject);
  if (kind === 'runsCommand') {
    if (subject.command === undefined) return undefined;
    const word = wordFor(kind, subject.tool);
    const line = shellParser.parse(subject.command);
    const [command, more] = line.commands;
    if (line.beyond.length > 0 || command === undefined || more !== undefined) return undefined;
    const words = command.words;
    const dynamic = words.findIndex((w) => !w.literal);
    if (dynamic === 0) return undefined;
    if (dynamic > 0)
      return `${word}(${words
        .slice(0, dynamic)
        .map((w) => quote(w.value))
        .join(' ')}:*)`;
    const name = command.name.slice(command.name.lastIndexOf('/') + 1);
    const sub = words[1]?.value;
    if (SUBCOMMANDS.has(name) && sub !== undefined && /^[a-z][\w:-]*$/.test(sub)) {
      const script = words[2]?.value;
      const prefix =
        RUN_SUBCOMMANDS.has(sub) && script !== undefined && !script.startsWith('-')
          ? words.slice(0, 3)
          : words.slice(0, 2);
      return `${word}(${prefix.map((w) => quote(w.value)).join(' ')}:*)`;
    }
    return `${word}(${words.map((w) => quote(w.value)).join(' ')})`;
  }
  if (subject.path !== undefined) {
    const real = pathViews(subject.path, root).real;
    // A path with glob characters cannot be named exactly by a glob rule.
    if (/[*?[\]{}()!]/.test(real)) return undefined;
    return `${kind === undefined ? subject.tool : wordFor(kind, subject.tool)}(${real})`;
  }
  return subject.tool;
}
