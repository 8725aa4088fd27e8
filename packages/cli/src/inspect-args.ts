import { parseArgs } from 'node:util';
import {
  asksForHelp,
  type HelpArgs,
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

/** Parses `kodama inspect` options (the tool flags say whose trifecta map to draw). @throws UsageError */
export function parseInspect(args: readonly string[]): InspectArgs | HelpArgs {
  if (asksForHelp(args)) return { command: 'help', topic: 'inspect' };
  const { values, positionals } = strictParse('inspect', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: {
        ...TOOL_CHOICE_OPTIONS,
        ...LISTEN_OPTIONS,
        port: { type: 'string', short: 'p' },
        store: { type: 'string' },
        database: { type: 'string' },
      },
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
