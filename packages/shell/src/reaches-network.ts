import type { CommandLine, SimpleCommand } from './command-line.ts';
import { baseName } from './runners.ts';

/** Programs whose whole purpose is the network. */
const NETWORK_PROGRAMS = new Set([
  'curl',
  'wget',
  'aria2c',
  'http',
  'https',
  'xh',
  'ssh',
  'scp',
  'sftp',
  'rsync',
  'mosh',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'ftp',
  'tftp',
  'ping',
  'dig',
  'nslookup',
  'host',
  'whois',
  'traceroute',
  'openssl',
  'lynx',
  'w3m',
  'links',
  'npx',
  'pnpx',
  'bunx',
  'gh',
  'hub',
  'aws',
  'gcloud',
  'az',
  'kubectl',
  'helm',
  'terraform',
  'apt',
  'apt-get',
  'dnf',
  'yum',
  'apk',
  'brew',
  'pacman',
  'snap',
  'flatpak',
  'pipx',
  'deno',
]);

/** Subcommands that fetch or send, per program (`undefined` key: the program run alone does, as `yarn`). */
const NETWORK_SUBCOMMANDS: Readonly<Record<string, ReadonlySet<string | undefined>>> = {
  git: new Set([
    'fetch',
    'pull',
    'clone',
    'push',
    'ls-remote',
    'remote',
    'submodule',
    'send-email',
    'request-pull',
    'svn',
    'lfs',
    'archive',
  ]),
  npm: new Set([
    'install',
    'i',
    'ci',
    'add',
    'update',
    'up',
    'upgrade',
    'publish',
    'exec',
    'x',
    'create',
    'init',
    'audit',
    'outdated',
    'view',
    'info',
    'show',
    'search',
    'login',
    'whoami',
    'dist-tag',
    'deprecate',
    'unpublish',
  ]),
  pnpm: new Set([
    undefined,
    'install',
    'i',
    'add',
    'update',
    'up',
    'publish',
    'dlx',
    'exec',
    'create',
    'audit',
    'outdated',
    'fetch',
  ]),
  yarn: new Set([
    undefined,
    'install',
    'add',
    'upgrade',
    'up',
    'publish',
    'dlx',
    'create',
    'audit',
    'outdated',
    'info',
    'npm',
  ]),
  bun: new Set(['install', 'i', 'add', 'update', 'publish', 'x', 'create']),
  pip: new Set(['install', 'download', 'wheel', 'index', 'search']),
  pip3: new Set(['install', 'download', 'wheel', 'index', 'search']),
  uv: new Set(['pip', 'add', 'sync', 'lock', 'run', 'tool', 'python', 'venv']),
  poetry: new Set(['install', 'add', 'update', 'lock', 'publish']),
  conda: new Set(['install', 'create', 'update']),
  cargo: new Set(['install', 'fetch', 'update', 'publish', 'search', 'add']),
  go: new Set(['get', 'install', 'mod']),
  gem: new Set(['install', 'update', 'fetch', 'push']),
  bundle: new Set([undefined, 'install', 'update']),
  composer: new Set(['install', 'require', 'update', 'create-project']),
  docker: new Set(['pull', 'push', 'run', 'build', 'login']),
  podman: new Set(['pull', 'push', 'run', 'build', 'login']),
};

/**
 * True when a command of the line can reach the network: a network program
 * (`curl`, `wget`, `ssh`, `nc`, …), a fetching subcommand (`git fetch`,
 * `git pull`, `git clone`, `git push`, `npm install`, `pip install`, …), a
 * command whose name is an expansion — or when the line is not plain
 * (`beyond` is not empty), since then not everything it runs is known.
 * Fail closed: say true when unsure. Other programs (`npm test`, `node x.js`)
 * are judged by their name alone and count as not reaching the network.
 */
export function reachesNetwork(line: CommandLine): boolean {
  return line.beyond.length > 0 || line.commands.some(commandReachesNetwork);
}

function commandReachesNetwork(command: SimpleCommand): boolean {
  if (command.words[0]?.literal === false) return true;
  const name = baseName(command.name);
  if (NETWORK_PROGRAMS.has(name)) return true;
  const args = command.args;
  // python -m pip install …
  if (
    /^python[0-9.]*$/.test(name) &&
    args[0] === '-m' &&
    args[1] !== undefined &&
    args[1] in NETWORK_SUBCOMMANDS
  )
    return commandReachesNetwork({
      ...command,
      name: args[1],
      args: args.slice(2),
      words: command.words.slice(2),
    });
  const subcommands = NETWORK_SUBCOMMANDS[name];
  if (subcommands === undefined) return false;
  // The first word that is not an option (git -C dir fetch: skip the option's value too).
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-C' || a === '--prefix' || a === '--cwd' || a === '--dir') i++;
    else if (!a.startsWith('-')) return subcommands.has(a);
  }
  return subcommands.has(undefined);
}
