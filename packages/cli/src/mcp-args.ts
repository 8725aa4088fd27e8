import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import {
  strictParse,
  TOOL_CHOICE_OPTIONS,
  type ToolChoice,
  toolChoice,
  UsageError,
  withYesAll,
} from './parse-support.ts';
import { LISTEN_OPTIONS, type ListenArgs, listenArgs } from './serve-args.ts';

/** `kodama mcp list [--probe]`, `add <id> -- <command...>` / `add <id> --url <url>`, `rm <id>`. */
export interface McpManageArgs {
  readonly command: 'mcp';
  readonly action: 'list' | 'add' | 'rm';
  readonly id: string | undefined;
  /** `add`: the program and its arguments (after `--`). */
  readonly serverCommand: readonly string[];
  /** `add --url`: a Streamable HTTP server. */
  readonly url: string | undefined;
  /** `add --description`. */
  readonly description: string | undefined;
  /** `list --probe`: connect each server (screened) to count its tools. */
  readonly probe: boolean;
  /** `--no-mcp-screen` with `--probe`: no LLM pass. */
  readonly mcpScreen: boolean;
  readonly model: string | undefined;
  readonly root: string | undefined;
  /** `list --probe --trust`: probe the project's servers too, trusting the folder for this run. */
  readonly trust?: true;
}

/** `kodama mcp serve`: kodama's tools over MCP. */
export interface McpServeArgs extends ToolChoice, ListenArgs {
  readonly command: 'mcp';
  readonly action: 'serve';
  /** `--http <port>`: Streamable HTTP on `--host` (127.0.0.1) instead of stdio (0 picks a port). */
  readonly http: number | undefined;
  /**
   * `--allow-tools <names>`: the served tools whose confirmations are answered
   * yes for the client (e.g. `bash,write`); every other confirmation is refused.
   * The client is never asked. `--yes` allows every tool.
   */
  readonly allowTools: readonly string[];
  /** `--agent`: also an `ask` tool that runs a whole kodama Run. */
  readonly agent: boolean;
  readonly model: string | undefined;
}

/** What `kodama mcp ...` asks for. */
export type McpArgs = McpManageArgs | McpServeArgs;

/** The usage of `kodama mcp`. */
export const MCP_USAGE = `Usage: kodama mcp [list] [--probe [--no-mcp-screen] [--model <target>] [--trust]] [--root <dir>]
       kodama mcp add <id> [--description <text>] [--root <dir>] -- <command> [args...]
       kodama mcp add <id> --url <url> [--description <text>] [--root <dir>]
       kodama mcp rm <id> [--root <dir>]
       kodama mcp serve [--tools <names>] [--root <dir>] [--allow-tools <names> | --yes] [--agent] [--model <target>]
                        [--http <port> [--host <address>] [--token <t> | --no-auth]]

MCP servers for kodama ask (see --mcp-connect there). They are read from
.mcp.json at the project root (--root, default: the current directory) and
~/.kodama/mcp.json, in the {"mcpServers": {...}} shape Claude Code uses.
list shows each server's id, transport and whether it is connected (a probe
connects it, screened, to count its tools; the project's servers only once the
folder is trusted: kodama trust, the question on a terminal, or --trust); add and rm edit the project's
.mcp.json. serve exposes kodama's tools (--tools, default calculator) to an
MCP client over stdio, or over Streamable HTTP with --http (on 127.0.0.1
unless --host; every request needs the bearer token: printed at start, or
--token / $KODAMA_SERVE_TOKEN, or none with --no-auth on loopback only).
The client is the caller and never answers a confirmation: a tool that would
ask (bash, write) is refused unless --allow-tools names it (--yes: every
tool). --agent adds an "ask" tool that runs a whole kodama turn.
`;

/** The flags of `kodama mcp list | add | rm`. */
const MANAGE_OPTIONS = {
  probe: { type: 'boolean' },
  trust: { type: 'boolean' },
  'no-mcp-screen': { type: 'boolean' },
  model: { type: 'string', short: 'm' },
  root: { type: 'string' },
  url: { type: 'string' },
  description: { type: 'string' },
} as const;

/** The flags of `kodama mcp serve`. */
const SERVE_OPTIONS = {
  ...TOOL_CHOICE_OPTIONS,
  ...LISTEN_OPTIONS,
  'allow-tools': { type: 'string' },
  http: { type: 'string' },
  agent: { type: 'boolean' },
  model: { type: 'string', short: 'm' },
} as const;

/** Parses the words after `kodama mcp`. @throws UsageError */
export function parseMcp(args: readonly string[]): McpArgs {
  const end = args.indexOf('--');
  const head = end === -1 ? args : args.slice(0, end);
  const serverCommand = end === -1 ? [] : args.slice(end + 1);
  if (head[0] === 'serve') return parseServe(head.slice(1), serverCommand);
  const { values, positionals } = strictParse('mcp', () =>
    parseArgs({
      args: [...head],
      allowPositionals: true,
      strict: true,
      options: MANAGE_OPTIONS,
    }),
  );
  const [action = 'list', id, extra] = positionals;
  if (action !== 'list' && action !== 'add' && action !== 'rm')
    throw new UsageError(`unknown mcp action "${action}": use list, add, rm or serve`, 'mcp');
  if (action !== 'list' && id === undefined)
    throw new UsageError(`kodama mcp ${action} needs a server id`, 'mcp');
  if (extra !== undefined || (action === 'list' && id !== undefined))
    throw new UsageError(`too many arguments for kodama mcp ${action}`, 'mcp');
  if (action === 'add' && (serverCommand.length === 0) === (values.url === undefined))
    throw new UsageError('kodama mcp add <id> needs either -- <command...> or --url <url>', 'mcp');
  if (action !== 'add' && (serverCommand.length > 0 || values.url !== undefined))
    throw new UsageError(`kodama mcp ${action} takes no server command or --url`, 'mcp');
  return {
    command: 'mcp',
    action,
    id,
    serverCommand,
    url: values.url,
    description: values.description,
    probe: values.probe ?? false,
    mcpScreen: !values['no-mcp-screen'],
    model: values.model,
    root: values.root,
    ...(values.trust ? { trust: true as const } : {}),
  };
}

function parseServe(args: readonly string[], after: readonly string[]): McpServeArgs {
  if (after.length > 0) throw new UsageError('kodama mcp serve takes no arguments after --', 'mcp');
  const { values, positionals } = strictParse('mcp', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: SERVE_OPTIONS,
    }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama mcp serve takes no arguments, got "${positionals.join(' ')}"`, 'mcp');
  const http = values.http === undefined ? undefined : Number(values.http);
  if (http !== undefined && !(Number.isInteger(http) && http >= 0 && http < 65536))
    throw new UsageError(`--http must be a port number, got "${values.http}"`, 'mcp');
  if (http === undefined) {
    const stray = (['host', 'token', 'no-auth'] as const).find((k) => values[k] !== undefined);
    if (stray) throw new UsageError(`--${stray} is for --http <port>: stdio has no listener`, 'mcp');
  }
  const choice = toolChoice(values, 'mcp');
  const allowTools = (values['allow-tools'] ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const unserved = allowTools.filter((t) => !choice.tools.includes(t));
  if (unserved.length > 0)
    throw new UsageError(
      `--allow-tools names ${unserved.join(', ')}, which --tools does not serve (--tools ${choice.tools.join(',')})`,
      'mcp',
    );
  return {
    command: 'mcp',
    action: 'serve',
    ...choice,
    ...listenArgs(values, 'mcp'),
    allowTools,
    http,
    agent: values.agent ?? false,
    model: values.model,
  };
}

/** `kodama mcp`. */
export const mcpCommand = defineCommand<McpArgs>({
  name: 'mcp',
  synopsis: 'mcp [list]',
  summary: "MCP servers: list, add, rm; serve kodama's tools over MCP",
  usage: MCP_USAGE,
  options: { ...MANAGE_OPTIONS, ...SERVE_OPTIONS },
  parse: parseMcp,
  load: () => import('./mcp-command.ts').then((m) => m.mcp),
});
