// What every command's parser shares: the usage error,
// help detection, node's strict parser, and the flags that choose the
// assistant's tools. Separate from args.ts so each command's parser file
// imports this, not the dispatcher that imports them.
import { AGENT_TOOL } from '@kodama/subagents/tool-name';
import { CALCULATOR_TOOL } from '@kodama/tools/tool-names';
import type { CommandName } from './commands.ts';
import { STORE_KINDS, type StoreKind } from './store-kind.ts';

/** Where `kodama ask --sandbox` may run bash. */
export type SandboxKind = 'none' | 'bubblewrap';

/** Every `--sandbox` value, in the order the usage lists them. */
export const SANDBOX_KINDS: readonly SandboxKind[] = ['none', 'bubblewrap'];

/** The name of a command of the table (commands.ts); each has a usage text. */
export type Command = CommandName;

/** `kodama --help`, `kodama help [<command>]`, `kodama <command> --help`: print a usage to stdout. */
export interface HelpArgs {
  readonly command: 'help';
  /** Whose usage: kodama's own, or one command's. */
  readonly topic: 'kodama' | Command;
}

/**
 * A command line kodama cannot act on; the message says what to type instead
 * and `topic` names the usage to print after it. A plain `Error`, not a
 * `KodamaError`: the argument parser must not load `@kodama/core`, so that
 * `kodama --version` and `--help` answer without it.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  constructor(
    message: string,
    /** Whose usage to print after the message. */
    readonly topic: HelpArgs['topic'] = 'kodama',
  ) {
    super(message);
  }
}

/** The default tool set of `kodama ask` (a name module only: see ASSISTANT_TOOLS). */
export const DEFAULT_TOOLS: readonly string[] = [CALCULATOR_TOOL];

/**
 * What decides the assistant's tools, shared by `ask` and `trifecta`: the
 * same flags build the same agent.
 */
export interface ToolChoice {
  readonly tools: readonly string[];
  readonly root: string | undefined;
  /** `--yes`: approve ordinary confirmations (commands, overwrites). */
  readonly yes: boolean;
  /** `--yes=all`: also allow egress after untrusted content, without asking. */
  readonly yesAll: boolean;
  readonly sandbox: SandboxKind | undefined;
  /** `--agents <file>`: personas for the agent tool, besides the bundled ones. */
  readonly agents: string | undefined;
  /** False with `--no-skills`: no skill catalog is loaded. */
  readonly skills: boolean;
  /** `--mcp-connect <id>` (repeatable): MCP servers connected before the first model request. */
  readonly mcpConnect: readonly string[];
  /** False with `--no-mcp-screen`: no LLM screening of MCP servers (the Unicode pass always runs). */
  readonly mcpScreen: boolean;
  /** `--memory` (true) / `--no-memory` (false); undefined: the configuration's `memory` decides. */
  readonly memory?: boolean;
  /** `--user <id>`: whose memories (default: the login name). */
  readonly user?: string;
  /** `--code-mode` (true) / `--no-code-mode` (false); undefined: the configuration's `codeMode` decides. */
  readonly codeMode?: boolean;
  /** `--tool-search` (true); undefined: the configuration's `toolSearch` decides. */
  readonly toolSearch?: boolean;
  /**
   * `--trust`: trust this folder's project configuration (`.kodama/config.json`,
   * `.mcp.json`, project skills and personas) for this run, without remembering
   * it (`kodama trust` remembers). Absent: the remembered answer decides.
   */
  readonly trust?: boolean;
}

/** True when `--help` or `-h` comes before any `--` (after it, they are prompt text). */
export function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Runs node's strict parser, turning its errors into UsageErrors for `topic`. */
export function strictParse<T>(topic: Command, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), topic);
  }
}

/** The options every command that builds the assistant takes (`ask`, `trifecta`, `serve`). */
export const TOOL_CHOICE_OPTIONS = {
  tools: { type: 'string', short: 't' },
  root: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  'yes-all': { type: 'boolean' },
  sandbox: { type: 'string' },
  agents: { type: 'string' },
  'no-skills': { type: 'boolean' },
  'mcp-connect': { type: 'string', multiple: true },
  'no-mcp-screen': { type: 'boolean' },
  trust: { type: 'boolean' },
} as const;

/** The memory flags of the commands that build the assistant for a person (`ask`, `trifecta`, `kodama`). */
export const MEMORY_OPTIONS = {
  memory: { type: 'boolean' },
  'no-memory': { type: 'boolean' },
  user: { type: 'string' },
} as const;

/** The code-mode flags of the commands that build the assistant for a person (`ask`, `trifecta`, `kodama`). */
export const CODE_MODE_OPTIONS = {
  'code-mode': { type: 'boolean' },
  'no-code-mode': { type: 'boolean' },
  'tool-search': { type: 'boolean' },
} as const;

/**
 * The code-mode flags, checked: `codeMode` is undefined when neither is
 * given (the configuration decides).
 *
 * @throws UsageError for `--code-mode` with `--no-code-mode`.
 */
export function codeModeChoice(
  values: { 'code-mode'?: boolean; 'no-code-mode'?: boolean; 'tool-search'?: boolean },
  topic: Command,
): Pick<ToolChoice, 'codeMode' | 'toolSearch'> {
  if (values['code-mode'] && values['no-code-mode'])
    throw new UsageError('use --code-mode or --no-code-mode, not both', topic);
  const search = values['tool-search'] ? { toolSearch: true } : {};
  if (values['code-mode']) return { codeMode: true, ...search };
  return values['no-code-mode'] ? { codeMode: false, ...search } : search;
}

/**
 * The memory flags, checked: `memory` is undefined when neither `--memory`
 * nor `--no-memory` is given (the configuration decides).
 *
 * @throws UsageError for `--memory` with `--no-memory`, `--user` with `--no-memory`, an empty `--user`.
 */
export function memoryChoice(
  values: { memory?: boolean; 'no-memory'?: boolean; user?: string },
  topic: Command,
): Pick<ToolChoice, 'memory' | 'user'> {
  if (values.memory && values['no-memory'])
    throw new UsageError('use --memory or --no-memory, not both', topic);
  if (values.user !== undefined && values['no-memory'])
    throw new UsageError('--user names whose memories to use: drop --no-memory', topic);
  if (values.user !== undefined && values.user.trim() === '')
    throw new UsageError('--user needs a user id, e.g. --user ana', topic);
  const memory = values.memory ? true : values['no-memory'] ? false : undefined;
  return {
    ...(memory === undefined ? {} : { memory }),
    ...(values.user === undefined ? {} : { user: values.user.trim() }),
  };
}

/** `--yes=all` is the one spelling of a boolean flag with a value; node's parser sees it as `--yes-all`. */
export function withYesAll(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  return args.map((a, i) => (a === '--yes=all' && (end === -1 || i < end) ? '--yes-all' : a));
}

/** The tool-choice flags, checked, as a {@link ToolChoice} (`topic` names the usage a problem prints). */
export function toolChoice(
  values: {
    tools?: string;
    root?: string;
    yes?: boolean;
    'yes-all'?: boolean;
    sandbox?: string;
    agents?: string;
    'no-skills'?: boolean;
    'mcp-connect'?: string[];
    'no-mcp-screen'?: boolean;
    trust?: boolean;
  },
  topic: Command,
): ToolChoice {
  const sandbox = values.sandbox;
  if (sandbox !== undefined && !(SANDBOX_KINDS as readonly string[]).includes(sandbox)) {
    throw new UsageError(
      `unknown sandbox "${sandbox}". Use --sandbox ${SANDBOX_KINDS.join(' or --sandbox ')}`,
      topic,
    );
  }
  const tools = (values.tools ?? DEFAULT_TOOLS.join(','))
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (values.agents !== undefined && !tools.includes(AGENT_TOOL)) {
    throw new UsageError('--agents gives personas to the agent tool: add agent to --tools', topic);
  }
  const yesAll = values['yes-all'] ?? false;
  return {
    tools,
    root: values.root,
    yes: (values.yes ?? false) || yesAll,
    yesAll,
    sandbox: sandbox as SandboxKind | undefined,
    agents: values.agents,
    skills: !values['no-skills'],
    mcpConnect: values['mcp-connect'] ?? [],
    mcpScreen: !values['no-mcp-screen'],
    ...(values.trust ? { trust: true } : {}),
  };
}

/**
 * `--max-tokens <n>`, checked: the output-token limit of each model request.
 * @throws UsageError for anything but a positive whole number
 */
export function maxTokensOf(
  value: string | undefined,
  topic: HelpArgs['topic'] = 'kodama',
): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(Number.isSafeInteger(n) && n > 0))
    throw new UsageError(`--max-tokens must be a positive whole number of tokens, got "${value}"`, topic);
  return n;
}

/** The `--store` value, checked (default `jsonl`). */
export function storeKind(value: string | undefined, topic: Command): StoreKind {
  if (value === undefined) return 'jsonl';
  if ((STORE_KINDS as readonly string[]).includes(value)) return value as StoreKind;
  throw new UsageError(`unknown store "${value}". Use --store ${STORE_KINDS.join(' or --store ')}`, topic);
}

/** The permission modes `--permission-mode` takes (the assistant's `PermissionMode`). */
export const PERMISSION_MODE_NAMES = ['default', 'accept-edits', 'plan', 'bypass'] as const;
/** One of {@link PERMISSION_MODE_NAMES}. */
export type PermissionModeName = (typeof PERMISSION_MODE_NAMES)[number];

/** `--permission-mode <mode>`, checked. @throws UsageError naming the modes */
export function permissionModeOf(
  value: string | undefined,
  topic: HelpArgs['topic'] = 'kodama',
): PermissionModeName | undefined {
  if (value === undefined || (PERMISSION_MODE_NAMES as readonly string[]).includes(value))
    return value as PermissionModeName | undefined;
  throw new UsageError(
    `unknown permission mode "${value}". Use --permission-mode ${PERMISSION_MODE_NAMES.join(', ')}`,
    topic,
  );
}

/** The headless flags of `kodama ask` and `kodama -p`. */
export const HEADLESS_OPTIONS = {
  'output-format': { type: 'string' },
  'input-format': { type: 'string' },
} as const;

/** `--output-format` and `--input-format`, checked. */
export interface HeadlessChoice {
  /** `text` (default), `json` (one result object) or `stream-json` (one event per line). */
  readonly outputFormat: 'text' | 'json' | 'stream-json';
  /** `text` (default: the prompt argument and piped stdin) or `stream-json` (messages as lines on stdin). */
  readonly inputFormat: 'text' | 'stream-json';
}

/** The headless flags as a {@link HeadlessChoice}. @throws UsageError naming the problem */
export function headlessChoice(
  values: { 'output-format'?: string; 'input-format'?: string; json?: boolean },
  topic: HelpArgs['topic'],
): HeadlessChoice {
  const output = values['output-format'] ?? 'text';
  const input = values['input-format'] ?? 'text';
  if (output !== 'text' && output !== 'json' && output !== 'stream-json')
    throw new UsageError(
      `unknown output format "${output}". Use --output-format text, json or stream-json`,
      topic,
    );
  if (input !== 'text' && input !== 'stream-json')
    throw new UsageError(`unknown input format "${input}". Use --input-format text or stream-json`, topic);
  if (values.json && values['output-format'] !== undefined)
    throw new UsageError("use --json (kodama's own events) or --output-format, not both", topic);
  if (input === 'stream-json' && output !== 'stream-json')
    throw new UsageError(
      '--input-format stream-json needs --output-format stream-json (one result line per turn)',
      topic,
    );
  return { outputFormat: output, inputFormat: input };
}
