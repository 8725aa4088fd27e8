import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { strictParse, UsageError } from './parse-support.ts';

/** `kodama memory list | search <query> | rm <id> | export`. */
export interface MemoryArgs {
  readonly command: 'memory';
  readonly action: 'list' | 'search' | 'rm' | 'export';
  /** `search`: the query; `rm`: the memory id. */
  readonly text: string | undefined;
  /** `--user`: whose memories (default: the login name). */
  readonly user: string | undefined;
  readonly json: boolean;
}

/** The usage of `kodama memory`. */
export const MEMORY_USAGE = `Usage: kodama memory [list] [--user <id>] [--json]
       kodama memory search <query> [--user <id>] [--json]
       kodama memory rm <id> [--user <id>]
       kodama memory export [--user <id>]

What kodama remembers about you across conversations: list shows every
memory (id, last change, source, text), search the ones matching a query,
rm deletes one (by the id list shows), export prints everything kept about
you, memories and the history of every change, as JSON. Memories are
private data: an agent that also reads untrusted content (web pages) and can
send data out should not have them (kodama trifecta says when it does).

They live in $XDG_DATA_HOME/kodama/memory.db (else ~/.local/share/kodama),
keyed by user id (--user, default: your login name).
`;

const MEMORY_OPTIONS = { user: { type: 'string' }, json: { type: 'boolean' } } as const;

/** Parses the words after `kodama memory`. Throws UsageError. */
export function parseMemory(args: readonly string[]): MemoryArgs {
  const { values, positionals } = strictParse('memory', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: MEMORY_OPTIONS,
    }),
  );
  const [action = 'list', ...rest] = positionals;
  if (action !== 'list' && action !== 'search' && action !== 'rm' && action !== 'export') {
    throw new UsageError(
      `unknown memory action "${action}": use list, search <query>, rm <id> or export`,
      'memory',
    );
  }
  const text = rest.join(' ').trim();
  if ((action === 'search' || action === 'rm') && text === '') {
    throw new UsageError(
      `kodama memory ${action} needs ${action === 'rm' ? 'a memory id, e.g. m12' : 'a query'}`,
      'memory',
    );
  }
  if ((action === 'list' || action === 'export') && rest.length > 0) {
    throw new UsageError(`too many arguments for kodama memory ${action}`, 'memory');
  }
  if (action === 'rm' && rest.length > 1) throw new UsageError('kodama memory rm takes one id', 'memory');
  if (values.user !== undefined && values.user.trim() === '') {
    throw new UsageError('--user needs a user id', 'memory');
  }
  return {
    command: 'memory',
    action,
    text: text || undefined,
    user: values.user?.trim(),
    json: values.json ?? false,
  };
}

/** `kodama memory`. */
export const memoryCommand = defineCommand<MemoryArgs>({
  name: 'memory',
  synopsis: 'memory [list]',
  summary: 'what kodama remembers about you (also: search, rm, export)',
  usage: MEMORY_USAGE,
  options: MEMORY_OPTIONS,
  parse: parseMemory,
  load: () => import('./memory-command.ts').then((m) => m.memoryCommand),
});
