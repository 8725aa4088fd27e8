import type { ShellWord } from './command-line.ts';

/** Shells: they read commands from `-c`, from their input, or from an rc file named by an option. */
export const SHELLS: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'csh',
  'tcsh',
  'busybox',
  'rbash',
  'pwsh',
]);

/**
 * Builtins and programs that run a command, or evaluate code, taken from
 * their arguments or the shell's state: a rule that allows them (or denies
 * what they run) cannot see what runs. `time` is in bash a keyword that
 * tree-sitter reads as a command name.
 */
export const RUNNERS: ReadonlySet<string> = new Set([
  'eval',
  'exec',
  'source',
  '.',
  'builtin',
  'xargs',
  'sudo',
  'doas',
  'su',
  'runuser',
  'pkexec',
  'nohup',
  'timeout',
  'nice',
  'ionice',
  'chrt',
  'taskset',
  'time',
  'stdbuf',
  'setsid',
  'chroot',
  'unshare',
  'nsenter',
  'flock',
  'watch',
  'parallel',
  'strace',
  'ltrace',
  'script',
  'expect',
  'trap',
  'let',
  'alias',
  'enable',
  'hash',
  'complete',
  'compgen',
  'bind',
  'fc',
  'coproc',
  'caller',
]);

/** `find` actions that run a program or write or delete files. */
const FIND_ACTIONS = new Set([
  '-exec',
  '-execdir',
  '-ok',
  '-okdir',
  '-delete',
  '-fprint',
  '-fprint0',
  '-fprintf',
  '-fls',
]);

/** The last path segment: `/usr/bin/env` → `env`. */
export function baseName(name: string): string {
  const slash = name.lastIndexOf('/');
  return slash === -1 ? name : name.slice(slash + 1);
}

/**
 * Why a simple command runs something its words do not show (the reason for
 * `beyond`), or undefined when what it runs is the command itself.
 */
export function runnerReason(words: readonly ShellWord[]): string | undefined {
  const name = baseName(words[0]?.value ?? '');
  const args = words.slice(1).map((w) => w.value);
  if (SHELLS.has(name)) {
    if (args.some((a) => /^-[A-Za-z]*c/.test(a))) return `${name} -c`;
    // Plain only as `bash script.sh …`: without a script it reads commands from its input; options can name rc files.
    const first = args[0];
    return first === undefined || first.startsWith('-') || first.startsWith('+')
      ? `${name} without a script`
      : undefined;
  }
  if (RUNNERS.has(name)) return name;
  if (name === 'env') return args.length > 0 ? 'env' : undefined;
  if (name === 'command') return args.some((a) => a === '-v' || a === '-V') ? undefined : 'command';
  if (name === 'find') return args.find((a) => FIND_ACTIONS.has(a)) !== undefined ? 'find -exec' : undefined;
  if (name === 'rg')
    return args.some((a) => a === '--pre' || a.startsWith('--pre=')) ? 'rg --pre' : undefined;
  if (name === 'fd' || name === 'fdfind')
    return args.some((a) => ['-x', '-X', '--exec', '--exec-batch'].includes(a) || /^--exec(-batch)?=/.test(a))
      ? 'fd --exec'
      : undefined;
  if (name === 'git')
    return args.some((a) => a === '-c' || /^--(config-env|exec-path)\b/.test(a) || /^-c./.test(a))
      ? 'git -c'
      : undefined;
  // Array subscripts in variable names are evaluated as arithmetic, which runs `$(…)` hidden in them.
  if (name === 'printf' && args.includes('-v')) return 'printf -v';
  if ((name === 'test' || name === '[') && args.some((a) => a === '-v' || a === '-R')) return 'test -v';
  if (
    ['read', 'mapfile', 'readarray', 'unset', 'wait'].includes(name) &&
    args.some((a) => a.includes('[') || a === '-C')
  )
    return `${name} with an array subscript`;
  return undefined;
}
