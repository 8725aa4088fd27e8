import type { CommandLine, SimpleCommand } from '@kodama/shell';

/** Programs that only read (files, the system's state) and write nothing but their output. */
const READERS: ReadonlySet<string> = new Set([
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'pwd',
  'echo',
  'printf',
  'which',
  'type',
  'file',
  'stat',
  'tree',
  'du',
  'df',
  'sort',
  'uniq',
  'cut',
  'tr',
  'diff',
  'cmp',
  'jq',

  'nl',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'date',
  'whoami',
  'uname',
  'id',
  'true',
  'false',
  'test',
  '[',
  'comm',
  'column',
  'sha256sum',
  'md5sum',
  'od',
  'hexdump',
  'strings',
  'env',
  'printenv',
]);

/** git's subcommands that change nothing (as they are used when exploring). */
const GIT_READERS: ReadonlySet<string> = new Set([
  'status',
  'log',
  'diff',
  'show',
  'blame',
  'ls-files',
  'rev-parse',
  'grep',
  'shortlog',
  'describe',
  'ls-tree',
  'cat-file',
]);

/** Arguments that make an otherwise reading program write or run something. */
const WRITING_ARGS: Readonly<Record<string, readonly string[]>> = {
  sort: ['-o', '--output'],
  tree: ['-o'],
  find: ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'],
};

function readOnlyCommand(command: SimpleCommand): boolean {
  if (command.assignments.length > 0) return false;
  const [name = '', ...args] = command.words.map((w) => w.value);
  if (!command.words.every((w, i) => w.literal || i > 0)) return false;
  const writing = WRITING_ARGS[name] ?? [];
  if (args.some((a) => writing.some((w) => a === w || a.startsWith(w)))) return false;
  // `env` and `printenv` only with no command after them (env alone prints the environment).
  if (name === 'env') return args.length === 0;
  if (name === 'git') {
    const sub = args.find((a) => !a.startsWith('-'));
    return sub !== undefined && GIT_READERS.has(sub) && !args.some((a) => a.startsWith('--output'));
  }
  if (name === 'find') return true;
  return READERS.has(name);
}

/**
 * True when a parsed command line only reads: plain (nothing beyond the plain
 * subset: no substitution, no redirection to a file, no `bash -c`), and every
 * simple command a known reader with no argument that makes it write (`sort
 * -o`, `find -delete`) and no assignment in front. Plan mode runs
 * only such lines; anything else fails closed.
 */
export function readOnlyLine(line: CommandLine): boolean {
  return line.beyond.length === 0 && line.commands.length > 0 && line.commands.every(readOnlyCommand);
}
