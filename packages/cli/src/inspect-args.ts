import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import {
  storeKind,
  strictParse,
  TOOL_CHOICE_OPTIONS,
  type ToolChoice,
  toolChoice,
  UsageError,
  withYesAll,
} from './parse-support.ts';
import { LISTEN_OPTIONS, type ListenArgs, listenArgs } from './serve-args.ts';
import type { StoreKind } from './store-kind.ts';

/** `kodama inspect`: the local inspector page over the session store. */
export interface InspectArgs extends ToolChoice, ListenArgs {
  readonly command: 'inspect';
  /** `--port` on `--host` (127.0.0.1); 0 (default) picks a free one. */
  readonly port: number;
  readonly store: StoreKind;
  /** `--database` (else `$KODAMA_DATABASE_URL`): sessions and durable runs' events from Postgres. */
  readonly database: string | undefined;
}

const INSPECT_OPTIONS = {
  ...TOOL_CHOICE_OPTIONS,
  ...LISTEN_OPTIONS,
  port: { type: 'string', short: 'p' },
  store: { type: 'string' },
  database: { type: 'string' },
} as const;

/** Parses `kodama inspect` options (the tool flags say whose trifecta map to draw). @throws UsageError */
export function parseInspect(args: readonly string[]): InspectArgs {
  const { values, positionals } = strictParse('inspect', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: INSPECT_OPTIONS,
    }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama inspect takes no arguments, got "${positionals.join(' ')}"`, 'inspect');
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(
      `--port must be a port number (0 picks a free one), got "${values.port}"`,
      'inspect',
    );
  return {
    command: 'inspect',
    ...toolChoice(values, 'inspect'),
    ...listenArgs(values, 'inspect'),
    port,
    store: storeKind(values.store, 'inspect'),
    database: values.database,
  };
}

/** The usage of `kodama inspect`. */
export const INSPECT_USAGE = `Usage: kodama inspect [--port <p>] [--host <address>] [--token <t> | --no-auth]
                      [--store jsonl|sqlite] [--database <url>]
                      [--tools <names>] [--agents <file>] [--root <dir>] [--no-skills]

Serves the inspector, a local web page over the stored sessions (--store, as
for ask): the sessions with their runs (outcome, tokens, cost, duration), a
session's timeline (messages, model calls with their usage, tool calls and
results), a run's timeline from its recorded events, and the trifecta map of
the assistant the tool flags build, the worst path marked. With --database
(default $KODAMA_DATABASE_URL) the sessions come from Postgres and durable
runs' timelines from their event log (#run/<run id>). It listens on
127.0.0.1 (--host, --port, default a free one) and prints the address to open,
with the token in its #fragment (random, or --token / $KODAMA_SERVE_TOKEN),
which the browser never sends: API requests without it, or from another origin
or Host, are refused. --no-auth: loopback only.
Ctrl+C stops it.
`;

/** `kodama inspect`. */
export const inspectCommand = defineCommand<InspectArgs>({
  name: 'inspect',
  synopsis: 'inspect [--port <p>]',
  summary: 'a local web page over the stored sessions and runs',
  usage: INSPECT_USAGE,
  options: INSPECT_OPTIONS,
  parse: parseInspect,
  load: () => import('./inspect-command.ts').then((m) => m.inspect),
});
