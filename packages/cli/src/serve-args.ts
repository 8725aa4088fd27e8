import { parseArgs } from 'node:util';
import {
  asksForHelp,
  type HelpArgs,
  strictParse,
  TOOL_CHOICE_OPTIONS,
  type ToolChoice,
  toolChoice,
  UsageError,
  withYesAll,
} from './parse-support.ts';

/** `kodama serve`: the assistant as an AG-UI endpoint on 127.0.0.1. */
export interface ServeArgs extends ToolChoice {
  readonly command: 'serve';
  readonly model: string | undefined;
  /** `--port`; 0 picks a free one (printed). Default 8787. */
  readonly port: number;
  /** `--token`; else `$KODAMA_SERVE_TOKEN`; else a random one, printed. */
  readonly token: string | undefined;
  /** `--no-auth`: serve without a token (anyone who can reach the port drives the agent). */
  readonly noAuth: boolean;
}

/** Parses `kodama serve` options. @throws UsageError */
export function parseServe(args: readonly string[]): ServeArgs | HelpArgs {
  if (asksForHelp(args)) return { command: 'help', topic: 'serve' };
  const { values, positionals } = strictParse('serve', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: {
        ...TOOL_CHOICE_OPTIONS,
        model: { type: 'string', short: 'm' },
        port: { type: 'string', short: 'p' },
        token: { type: 'string' },
        'no-auth': { type: 'boolean' },
      },
    }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama serve takes no arguments, got "${positionals.join(' ')}"`, 'serve');
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number (0 picks a free one), got "${values.port}"`, 'serve');
  if (values.token !== undefined && values['no-auth'])
    throw new UsageError('use --token <t> or --no-auth, not both', 'serve');
  return {
    command: 'serve',
    ...toolChoice(values, 'serve'),
    model: values.model,
    port,
    token: values.token,
    noAuth: values['no-auth'] ?? false,
  };
}
