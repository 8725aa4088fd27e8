import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import {
  type Command,
  strictParse,
  TOOL_CHOICE_OPTIONS,
  type ToolChoice,
  toolChoice,
  UsageError,
  withYesAll,
} from './parse-support.ts';

/** The environment variable a server's token can come from (`kodama serve`, `mcp serve --http`, `inspect`). */
export const TOKEN_ENV = 'KODAMA_SERVE_TOKEN';

/** Where a kodama server listens and who may use it: `--host`, `--token`, `--no-auth`. */
export interface ListenArgs {
  /** `--host`: the address to listen on; default `127.0.0.1`. */
  readonly host: string;
  /** `--token`; else `$KODAMA_SERVE_TOKEN`; else a random one, printed once. */
  readonly token: string | undefined;
  /** `--no-auth`: no token (loopback only: anyone on this machine may use the server). */
  readonly noAuth: boolean;
}

/** The parseArgs options of {@link ListenArgs}. */
export const LISTEN_OPTIONS = {
  host: { type: 'string' },
  token: { type: 'string' },
  'no-auth': { type: 'boolean' },
} as const;

/** Tokens shorter than this are refused: a guessable token is no lock. */
const MIN_TOKEN = 16;

/** True for 127.0.0.0/8, ::1 and `localhost`: addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** `host:port` for a URL (`[::1]:8787`); a wildcard address gives the loopback one a person opens. */
export function urlHost(host: string, port: number): string {
  const a = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return isIP(a) === 6 ? `[${a}]:${port}` : `${a}:${port}`;
}

/** The listen flags, checked. @throws UsageError */
export function listenArgs(
  values: { host?: string; token?: string; 'no-auth'?: boolean },
  topic: Command,
): ListenArgs {
  const host = values.host ?? '127.0.0.1';
  if (host !== 'localhost' && isIP(host) === 0)
    throw new UsageError(`--host must be an IP address (e.g. 127.0.0.1 or 0.0.0.0), got "${host}"`, topic);
  if (values.token !== undefined && values['no-auth'])
    throw new UsageError('use --token <t> or --no-auth, not both', topic);
  if (values['no-auth'] && !isLoopbackHost(host))
    throw new UsageError(`--no-auth serves only on loopback (127.0.0.1, ::1); ${host} needs a token`, topic);
  if (values.token !== undefined) checkToken(values.token, '--token', topic);
  return { host, token: values.token, noAuth: values['no-auth'] ?? false };
}

function checkToken(token: string, from: string, topic: Command): void {
  if (token.length < MIN_TOKEN)
    throw new UsageError(
      `${from} must be at least ${MIN_TOKEN} characters (e.g. the output of: openssl rand -hex 16)`,
      topic,
    );
}

/** The token a server requires and where it came from (a generated one is printed, a given one never). */
export interface ServerToken {
  readonly token: string | undefined;
  readonly generated: boolean;
}

/**
 * The token: `--token`, else `$KODAMA_SERVE_TOKEN`, else 24 random bytes;
 * none under `--no-auth`. @throws UsageError for a too-short `$KODAMA_SERVE_TOKEN`
 */
export function serverToken(args: ListenArgs, env: NodeJS.ProcessEnv, topic: Command): ServerToken {
  if (args.noAuth) return { token: undefined, generated: false };
  if (args.token !== undefined) return { token: args.token, generated: false };
  const fromEnv = env[TOKEN_ENV];
  if (fromEnv) {
    checkToken(fromEnv, `$${TOKEN_ENV}`, topic);
    return { token: fromEnv, generated: false };
  }
  return { token: randomBytes(24).toString('base64url'), generated: true };
}

/** How a server's start-up line names its token: the token itself only when it was generated. */
export function tokenNote(token: ServerToken): string {
  if (token.token === undefined) return 'no authentication: anyone on this machine can use it';
  return token.generated ? `token: ${token.token}` : `token from --token or $${TOKEN_ENV}`;
}

/** `kodama serve`: the assistant as an AG-UI endpoint on 127.0.0.1. */
export interface ServeArgs extends ToolChoice, ListenArgs {
  readonly command: 'serve';
  readonly model: string | undefined;
  /** `--port`; 0 picks a free one (printed). Default 8787. */
  readonly port: number;
}

const SERVE_OPTIONS = {
  ...TOOL_CHOICE_OPTIONS,
  ...LISTEN_OPTIONS,
  model: { type: 'string', short: 'm' },
  port: { type: 'string', short: 'p' },
} as const;

/** Parses `kodama serve` options. @throws UsageError */
export function parseServe(args: readonly string[]): ServeArgs {
  const { values, positionals } = strictParse('serve', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: SERVE_OPTIONS,
    }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama serve takes no arguments, got "${positionals.join(' ')}"`, 'serve');
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number (0 picks a free one), got "${values.port}"`, 'serve');
  return {
    command: 'serve',
    ...toolChoice(values, 'serve'),
    ...listenArgs(values, 'serve'),
    model: values.model,
    port,
  };
}

/** The usage of `kodama serve`. */
export const SERVE_USAGE = `Usage: kodama serve [--port <p>] [--host <address>] [--token <t> | --no-auth] [--model <target>]
                    [--tools <names>] [--agents <file>] [--root <dir>] [--yes | --yes=all]
                    [--sandbox <kind>] [--no-skills]

Serves the assistant that kodama ask would build with the same flags as an
AG-UI endpoint (https://docs.ag-ui.com) on 127.0.0.1 (--host listens
elsewhere, still with the token): POST a RunAgentInput, read the Run as AG-UI
events over server-sent events. Every request needs "Authorization: Bearer
<token>": the token is --token, else $KODAMA_SERVE_TOKEN (16 characters or
more), else a random one printed at start; --no-auth serves without one, on
loopback only. A request whose Host or Origin is not this server gets 403. Nobody is at
the terminal to confirm commands: they are declined unless --yes. Default port
8787; --port 0 picks a free one. Ctrl+C stops it.
`;

/** `kodama serve`. */
export const serveCommand = defineCommand<ServeArgs>({
  name: 'serve',
  synopsis: 'serve [--port <p>] [...]',
  summary: 'the assistant as an AG-UI endpoint on 127.0.0.1',
  usage: SERVE_USAGE,
  options: SERVE_OPTIONS,
  parse: parseServe,
  load: () => import('./serve-command.ts').then((m) => m.serve),
});
