import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { strictParse, UsageError } from './parse-support.ts';

/** `kodama trust [--root <dir>] [--revoke | --list]`. */
export interface TrustArgs {
  readonly command: 'trust';
  /** `show`-and-record (the default), `revoke` (record a no), `list` (the remembered answers). */
  readonly action: 'trust' | 'revoke' | 'list';
  /** `--root`: the folder (default: the project root above the current directory, as `kodama` finds it). */
  readonly root: string | undefined;
}

/** The usage of `kodama trust`. */
export const TRUST_USAGE = `Usage: kodama trust [--root <dir>]
       kodama trust --revoke [--root <dir>]
       kodama trust --list

A folder's own configuration (.kodama/config.json, .mcp.json) came with the
folder, not from you: until you trust it, kodama uses only what narrows
(its deny and ask rules). It never lets it allow a command, change the
model or a base URL, bring its own keys, or start an MCP server.

kodama trust shows what this folder's configuration would do (the programs
it would start, the rules it would add, the model it would pick) and
remembers that you trust it, for exactly these files: a changed file is
asked about again. kodama (on a terminal) asks the same question the first
time; -p, ask and the servers with no terminal refuse (exit 2) until you
answer here or pass --trust (this run only, nothing remembered).

Options:
      --root <dir>   the folder (default: the git root above the current
                     directory, else the current directory)
      --revoke       remember that you do not trust it: kodama goes on with
                     only its deny and ask rules, and asks no more
      --list         the folders you answered for, and whether their files
                     changed since
  -h, --help         print this help

The answers live in $XDG_DATA_HOME/kodama/trust.json (else ~/.local/share/kodama).
`;

const TRUST_OPTIONS = {
  root: { type: 'string' },
  revoke: { type: 'boolean' },
  list: { type: 'boolean' },
} as const;

/** Parses the words after `kodama trust`. Throws UsageError. */
export function parseTrust(args: readonly string[]): TrustArgs {
  const { values, positionals } = strictParse('trust', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: TRUST_OPTIONS,
    }),
  );
  if (positionals.length > 0)
    throw new UsageError(
      `kodama trust takes no arguments, got "${positionals.join(' ')}"; name the folder with --root <dir>`,
      'trust',
    );
  if (values.revoke && values.list) throw new UsageError('use --revoke or --list, not both', 'trust');
  if (values.list && values.root !== undefined)
    throw new UsageError('--list shows every folder: drop --root', 'trust');
  return {
    command: 'trust',
    action: values.list ? 'list' : values.revoke ? 'revoke' : 'trust',
    root: values.root,
  };
}

/** `kodama trust`. */
export const trustCommand = defineCommand<TrustArgs>({
  name: 'trust',
  synopsis: 'trust [--revoke | --list]',
  summary: "show and trust this folder's .kodama/config.json and .mcp.json",
  usage: TRUST_USAGE,
  options: TRUST_OPTIONS,
  parse: parseTrust,
  load: () => import('./trust-command.ts').then((m) => m.trust),
});
