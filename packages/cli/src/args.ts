import { parseArgs } from 'node:util';
import { parseDuration } from './duration.ts';
import { STORE_KINDS, type StoreKind } from './store-kind.ts';

/** Where `kodama ask --sandbox` may run bash. */
export type SandboxKind = 'none' | 'bubblewrap';

/** Every `--sandbox` value, in the order the usage lists them. */
export const SANDBOX_KINDS: readonly SandboxKind[] = ['none', 'bubblewrap'];

/** A parsed `kodama ask` command line. */
export interface AskArgs {
  readonly command: 'ask';
  readonly prompt: string;
  readonly model: string | undefined;
  readonly tools: readonly string[];
  readonly json: boolean;
  readonly root: string | undefined;
  readonly yes: boolean;
  readonly sandbox: SandboxKind | undefined;
  readonly maxSteps: number | undefined;
  /** `--deadline`, in milliseconds from the start. */
  readonly deadlineMs: number | undefined;
  /** `--session <id>`: continue or start this stored session. */
  readonly session: string | undefined;
  /** `--continue`: continue the most recent stored session. */
  readonly continue: boolean;
  /** `--store`: where sessions live. */
  readonly store: StoreKind;
  /** `--output-schema <file.json>`: the answer must match this JSON Schema; the validated JSON is printed. */
  readonly outputSchema: string | undefined;
  /** False with `--no-skills`: no skill catalog is loaded. */
  readonly skills: boolean;
}

/** `kodama skills list | show <name>`. */
export interface SkillsArgs {
  readonly command: 'skills';
  readonly action: 'list' | 'show';
  readonly name: string | undefined;
  /** `--root`: the project root whose skills are listed (default: the current directory). */
  readonly root: string | undefined;
}

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

/** The commands kodama knows; each has a usage text. */
export type Command = 'ask' | 'sessions' | 'skills' | 'help' | 'version';

/** `kodama --help`, `kodama help [<command>]`, `kodama <command> --help`: print a usage to stdout. */
export interface HelpArgs {
  readonly command: 'help';
  /** Whose usage: kodama's own, or one command's. */
  readonly topic: 'kodama' | Command;
}

/** `kodama --version` / `kodama version`. */
export interface VersionArgs {
  readonly command: 'version';
}

/** What the command line asks for. */
export type CliArgs = AskArgs | SessionsArgs | SkillsArgs | HelpArgs | VersionArgs;

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

/** The default tool set of `kodama ask`. */
export const DEFAULT_TOOLS: readonly string[] = ['calculator'];

const COMMANDS: readonly Command[] = ['ask', 'sessions', 'skills', 'help', 'version'];

function isCommand(value: string): value is Command {
  return (COMMANDS as readonly string[]).includes(value);
}

/** Parses argv (without `node` and the script path). Throws UsageError with a helpful message. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h')
    return { command: 'help', topic: 'kodama' };
  if (command === '--version' || command === '-v') return { command: 'version' };
  if (command === 'ask') return parseAsk(rest);
  if (command === 'sessions') return parseSessions(rest);
  if (command === 'skills') return parseSkills(rest);
  if (command === 'help') return parseHelp(rest);
  if (command === 'version') return parseVersion(rest);
  throw new UsageError(`unknown command "${command}". Try: kodama ask "<prompt>"`);
}

/** True when `--help` or `-h` comes before any `--` (after it, they are prompt text). */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Runs node's strict parser, turning its errors into UsageErrors for `topic`. */
function strictParse<T>(topic: Command, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), topic);
  }
}

function parseAsk(args: readonly string[]): AskArgs | HelpArgs {
  // Help wins over every other problem on the line: `kodama ask --bogus --help` shows the options.
  if (asksForHelp(args)) return { command: 'help', topic: 'ask' };
  const { values, positionals } = strictParse('ask', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        model: { type: 'string', short: 'm' },
        tools: { type: 'string', short: 't' },
        json: { type: 'boolean' },
        root: { type: 'string' },
        yes: { type: 'boolean', short: 'y' },
        sandbox: { type: 'string' },
        'max-steps': { type: 'string' },
        deadline: { type: 'string' },
        session: { type: 'string', short: 's' },
        continue: { type: 'boolean', short: 'c' },
        store: { type: 'string' },
        'output-schema': { type: 'string' },
        'no-skills': { type: 'boolean' },
      },
    }),
  );
  const prompt = positionals.join(' ').trim();
  if (prompt === '')
    throw new UsageError('kodama ask needs a prompt, e.g. kodama ask "What is 17 * 23?"', 'ask');
  const maxSteps = values['max-steps'] === undefined ? undefined : Number(values['max-steps']);
  if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0)) {
    throw new UsageError(`--max-steps must be a positive integer, got "${values['max-steps']}"`, 'ask');
  }
  const deadlineMs = values.deadline === undefined ? undefined : parseDuration(values.deadline);
  if (values.deadline !== undefined && (deadlineMs === undefined || deadlineMs <= 0)) {
    throw new UsageError(
      `--deadline must be a duration like 30s, 2m or 1m30s, got "${values.deadline}"`,
      'ask',
    );
  }
  if (values.session !== undefined && values.continue) {
    throw new UsageError('use --session <id> or --continue, not both', 'ask');
  }
  const sandbox = values.sandbox;
  if (sandbox !== undefined && !(SANDBOX_KINDS as readonly string[]).includes(sandbox)) {
    throw new UsageError(
      `unknown sandbox "${sandbox}". Use --sandbox ${SANDBOX_KINDS.join(' or --sandbox ')}`,
      'ask',
    );
  }
  const tools = (values.tools ?? DEFAULT_TOOLS.join(','))
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return {
    command: 'ask',
    prompt,
    model: values.model,
    tools,
    json: values.json ?? false,
    root: values.root,
    yes: values.yes ?? false,
    sandbox: sandbox as SandboxKind | undefined,
    maxSteps,
    deadlineMs,
    session: values.session,
    continue: values.continue ?? false,
    store: storeKind(values.store, 'ask'),
    outputSchema: values['output-schema'],
    skills: !values['no-skills'],
  };
}

function storeKind(value: string | undefined, topic: Command): StoreKind {
  if (value === undefined) return 'jsonl';
  if ((STORE_KINDS as readonly string[]).includes(value)) return value as StoreKind;
  throw new UsageError(`unknown store "${value}". Use --store ${STORE_KINDS.join(' or --store ')}`, topic);
}

function parseSessions(args: readonly string[]): SessionsArgs | HelpArgs {
  if (asksForHelp(args)) return { command: 'help', topic: 'sessions' };
  const { values, positionals } = strictParse('sessions', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { json: { type: 'boolean' }, store: { type: 'string' } },
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

function parseSkills(args: readonly string[]): SkillsArgs | HelpArgs {
  if (asksForHelp(args)) return { command: 'help', topic: 'skills' };
  const { values, positionals } = strictParse('skills', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { root: { type: 'string' } },
    }),
  );
  const [action = 'list', name, extra] = positionals;
  if (action !== 'list' && action !== 'show') {
    throw new UsageError(`unknown skills action "${action}": use list or show <name>`, 'skills');
  }
  if (action === 'show' && name === undefined)
    throw new UsageError('kodama skills show needs a skill name', 'skills');
  if ((action === 'list' && name !== undefined) || extra !== undefined) {
    throw new UsageError(`too many arguments for kodama skills ${action}`, 'skills');
  }
  return { command: 'skills', action, name, root: values.root };
}

function parseHelp(args: readonly string[]): HelpArgs {
  if (asksForHelp(args)) return { command: 'help', topic: 'help' };
  const { positionals } = strictParse('help', () =>
    parseArgs({ args: [...args], allowPositionals: true, strict: true, options: {} }),
  );
  const [topic, extra] = positionals;
  if (extra !== undefined) throw new UsageError('kodama help takes at most one command', 'help');
  if (topic === undefined) return { command: 'help', topic: 'kodama' };
  if (!isCommand(topic)) throw new UsageError(`unknown command "${topic}"`, 'help');
  return { command: 'help', topic };
}

function parseVersion(args: readonly string[]): VersionArgs | HelpArgs {
  if (asksForHelp(args)) return { command: 'help', topic: 'version' };
  strictParse('version', () =>
    parseArgs({ args: [...args], allowPositionals: false, strict: true, options: {} }),
  );
  return { command: 'version' };
}

const ASK_OPTIONS = `Options of ask:
  -m, --model <target>     model to use (see "Model targets"); else $KODAMA_MODEL,
                           else the first local server found, else the first API key found
  -t, --tools <names>      comma-separated tools to offer (default: calculator);
                           also "skill" and "tasks" (the four task tools)
      --json               print one JSON event per line instead of text
      --root <dir>         project root for file tools (default: current directory)
  -y, --yes                approve every confirmation (file overwrites, shell commands)
      --sandbox <kind>     run bash under "bubblewrap", or "none" (default: none)
      --max-steps <n>      tool-call budget for the turn (default: 25)
      --deadline <time>    stop after this long (30s, 2m, 1m30s) and keep the answer so far
  -s, --session <id>       continue (or start) the stored session <id>
  -c, --continue           continue the most recent stored session
      --store <kind>       where sessions live: "jsonl" (default) or "sqlite"
      --no-skills          load no skills (default: from <root> and ~, see kodama skills)
      --output-schema <file.json>
                           the answer must match this JSON Schema (an object);
                           prints the validated JSON to stdout instead of the text
  -h, --help               print this help

Model targets:
  openai:<id>  anthropic:<id>  google:<id>  openrouter:<vendor/id>  ollama:<id>
  llamacpp[:<id>]  lmstudio:<id>  openai-compatible:<base url>[@<model id>]
`;

/** The text of `kodama --help`. */
export const HELP = `kodama: a terminal agent

Usage:
  kodama ask "<prompt>" [options]     run one agent turn and print the answer
  kodama sessions [list]              list stored sessions (also: show, fork, rm)
  kodama skills [list]                list the skills ask would load (also: show <name>)
  kodama help [<command>]             print this help, or the help of a command
  kodama version                      print the version (also: kodama --version, -v)

${ASK_OPTIONS}`;

const USAGE: Readonly<Record<HelpArgs['topic'], string>> = {
  kodama: HELP,
  ask: `Usage: kodama ask "<prompt>" [options]

Runs one agent turn: the answer streams to stdout; thinking, tool calls and
notices go to stderr.

${ASK_OPTIONS}`,
  sessions: `Usage: kodama sessions [list] [--store jsonl|sqlite]
       kodama sessions show <id> [--json] [--store jsonl|sqlite]
       kodama sessions fork <id> <new id> [--store jsonl|sqlite]
       kodama sessions rm <id> [--store jsonl|sqlite]

Lists the stored sessions (id, title, model, messages, last activity), shows
one as a readable transcript (--json: its raw messages), copies one under a
new id (to try another direction without losing it), or deletes one.
Sessions are kept under $XDG_DATA_HOME/kodama (else ~/.local/share/kodama).
`,
  skills: `Usage: kodama skills [list] [--root <dir>]
       kodama skills show <name> [--root <dir>]

Lists the skills kodama ask loads (name, source directory, the paths gate or
"always", warnings), or shows one skill with its body. Skills are folders
holding a SKILL.md, found under .kodama/skills, .claude/skills and
.agents/skills of the project root (--root, default: the current directory),
then of the home directory; the first skill of a name wins. A skill with a
paths gate is offered only once the model reads, writes or edits a file the
gate matches.
`,
  help: `Usage: kodama help [<command>]

Prints the help of kodama, or of one command: ${COMMANDS.join(', ')}.
`,
  version: `Usage: kodama version   (also: kodama --version, kodama -v)

Prints "kodama <version>".
`,
};

/** The usage text for `topic` (kodama's own, or a command's). */
export function usage(topic: HelpArgs['topic']): string {
  return USAGE[topic];
}
