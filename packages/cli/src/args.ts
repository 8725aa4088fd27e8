import { parseArgs } from 'node:util';
import { type ApproveArgs, parseApprove } from './approve-args.ts';
import { parseDuration } from './duration.ts';
import { type GraphArgs, parseGraph } from './graph-args.ts';
import { type IndexArgs, parseIndex } from './index-args.ts';
import { type InspectArgs, parseInspect } from './inspect-args.ts';
import { type McpArgs, parseMcp } from './mcp-args.ts';
import { type MemoryArgs, parseMemory } from './memory-args.ts';
import { type ModelsArgs, parseModels } from './models-args.ts';
import {
  asksForHelp,
  type HelpArgs,
  isCommand,
  MEMORY_OPTIONS,
  memoryChoice,
  storeKind,
  strictParse,
  TOOL_CHOICE_OPTIONS,
  type ToolChoice,
  toolChoice,
  UsageError,
  withYesAll,
} from './parse-support.ts';
import { parseRun, type RunArgs } from './run-args.ts';
import { parseRuns, type RunsArgs } from './runs-args.ts';
import { parseServe, type ServeArgs } from './serve-args.ts';
import type { StoreKind } from './store-kind.ts';
import { parseTrifecta, type TrifectaArgs } from './trifecta-args.ts';
import { parseTrust, type TrustArgs } from './trust-args.ts';
import { parseWorker, type WorkerArgs } from './worker-args.ts';

/** A parsed `kodama ask` command line. */
export interface AskArgs extends ToolChoice {
  readonly command: 'ask';
  readonly prompt: string;
  readonly model: string | undefined;
  readonly json: boolean;
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

/** `kodama --version` / `kodama version`. */
export interface VersionArgs {
  readonly command: 'version';
}

/** What the command line asks for. */
export type CliArgs =
  | AskArgs
  | SessionsArgs
  | SkillsArgs
  | ModelsArgs
  | TrifectaArgs
  | ServeArgs
  | InspectArgs
  | McpArgs
  | WorkerArgs
  | RunsArgs
  | ApproveArgs
  | IndexArgs
  | MemoryArgs
  | RunArgs
  | GraphArgs
  | TrustArgs
  | HelpArgs
  | VersionArgs;

/** Parses argv (without `node` and the script path). Throws UsageError with a helpful message. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h')
    return { command: 'help', topic: 'kodama' };
  if (command === '--version' || command === '-v') return { command: 'version' };
  if (command === 'ask') return parseAsk(rest);
  if (command === 'sessions') return parseSessions(rest);
  if (command === 'skills') return parseSkills(rest);
  if (command === 'models') return parseModels(rest);
  if (command === 'trifecta') return parseTrifecta(rest);
  if (command === 'mcp') return parseMcp(rest);
  if (command === 'serve') return parseServe(rest);
  if (command === 'inspect') return parseInspect(rest);
  if (command === 'worker') return parseWorker(rest);
  if (command === 'runs') return parseRuns(rest);
  if (command === 'approve') return parseApprove(rest);
  if (command === 'index') return parseIndex(rest);
  if (command === 'memory') return parseMemory(rest);
  if (command === 'run') return parseRun(rest);
  if (command === 'graph') return parseGraph(rest);
  if (command === 'trust') return parseTrust(rest);
  if (command === 'help') return parseHelp(rest);
  if (command === 'version') return parseVersion(rest);
  throw new UsageError(`unknown command "${command}". Try: kodama ask "<prompt>"`);
}

function parseAsk(args: readonly string[]): AskArgs | HelpArgs {
  // Help wins over every other problem on the line: `kodama ask --bogus --help` shows the options.
  if (asksForHelp(args)) return { command: 'help', topic: 'ask' };
  const { values, positionals } = strictParse('ask', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: {
        ...TOOL_CHOICE_OPTIONS,
        ...MEMORY_OPTIONS,
        model: { type: 'string', short: 'm' },
        json: { type: 'boolean' },
        'max-steps': { type: 'string' },
        deadline: { type: 'string' },
        session: { type: 'string', short: 's' },
        continue: { type: 'boolean', short: 'c' },
        store: { type: 'string' },
        'output-schema': { type: 'string' },
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
  return {
    command: 'ask',
    prompt,
    model: values.model,
    ...toolChoice(values, 'ask'),
    ...memoryChoice(values, 'ask'),
    json: values.json ?? false,
    maxSteps,
    deadlineMs,
    session: values.session,
    continue: values.continue ?? false,
    store: storeKind(values.store, 'ask'),
    outputSchema: values['output-schema'],
  };
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
