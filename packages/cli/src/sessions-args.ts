// `kodama sessions`: the stored sessions, listed, shown, forked or removed.
import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { storeKind, strictParse, UsageError } from './parse-support.ts';
import type { StoreKind } from './store-kind.ts';

/** `kodama sessions list | show <id> | rm <id>`. */
export interface SessionsArgs {
  readonly command: 'sessions';
  readonly action: 'list' | 'show' | 'rm' | 'fork';
  /** `fork`: the id of the copy. */
  readonly newId?: string;
  readonly id: string | undefined;
  readonly json: boolean;
  readonly store: StoreKind;
}

const SESSIONS_OPTIONS = { json: { type: 'boolean' }, store: { type: 'string' } } as const;

/** Parses the words after `kodama sessions`. @throws UsageError */
export function parseSessions(args: readonly string[]): SessionsArgs {
  const { values, positionals } = strictParse('sessions', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: SESSIONS_OPTIONS,
    }),
  );
  const [action = 'list', id, second, extra] = positionals;
  if (action !== 'list' && action !== 'show' && action !== 'rm' && action !== 'fork') {
    throw new UsageError(
      `unknown sessions action "${action}": use list, show <id>, fork <id> <new id> or rm <id>`,
      'sessions',
    );
  }
  if (action !== 'list' && id === undefined)
    throw new UsageError(`kodama sessions ${action} needs a session id`, 'sessions');
  if (action === 'fork' && second === undefined)
    throw new UsageError('kodama sessions fork needs the id of the copy: fork <id> <new id>', 'sessions');
  const allowed = action === 'list' ? 0 : action === 'fork' ? 2 : 1;
  if (positionals.length - 1 > allowed || extra !== undefined) {
    throw new UsageError(`too many arguments for kodama sessions ${action}`, 'sessions');
  }
  return {
    command: 'sessions',
    action,
    id,
    ...(action === 'fork' ? { newId: second } : {}),
    json: values.json ?? false,
    store: storeKind(values.store, 'sessions'),
  };
}

/** `kodama sessions`. */
export const sessionsCommand = defineCommand<SessionsArgs>({
  name: 'sessions',
  synopsis: 'sessions [list]',
  summary: 'list stored sessions (also: show, fork, rm)',
  usage: `Usage: kodama sessions [list] [--store jsonl|sqlite]
       kodama sessions show <id> [--json] [--store jsonl|sqlite]
       kodama sessions fork <id> <new id> [--store jsonl|sqlite]
       kodama sessions rm <id> [--store jsonl|sqlite]

Lists the stored sessions (id, title, model, messages, last activity), shows
one as a readable transcript (--json: its raw messages), copies one under a
new id (to try another direction without losing it), or deletes one.
Sessions are kept under $XDG_DATA_HOME/kodama (else ~/.local/share/kodama).
`,
  options: SESSIONS_OPTIONS,
  parse: parseSessions,
  load: () => import('./sessions.ts').then((m) => m.sessions),
});
