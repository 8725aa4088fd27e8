// The command line of the assistant: `kodama [options]` (the interactive
// assistant on a terminal) and `kodama -p "<prompt>" [options]` (one turn,
// printed). Parsing only: nothing of the agent is loaded here.
import { parseArgs } from 'node:util';
import { SKILL_TOOL } from '@kodama/skills/tool-name';
import { AGENT_TOOL } from '@kodama/subagents/tool-name';
import { CALCULATOR_TOOL, TASKS_TOOL_GROUP } from '@kodama/tools/tool-names';
import {
  BASH_KILL_TOOL,
  BASH_OUTPUT_TOOL,
  BASH_TOOL,
  EDIT_TOOL,
  GLOB_TOOL,
  GREP_TOOL,
  READ_TOOL,
  WRITE_TOOL,
} from '@kodama/workspace/tool-kinds';
import type { HelpRow } from './command-entry.ts';
import {
  CODE_MODE_OPTIONS,
  codeModeChoice,
  HEADLESS_OPTIONS,
  type HeadlessChoice,
  headlessChoice,
  MEMORY_OPTIONS,
  maxTokensOf,
  memoryChoice,
  type PermissionModeName,
  permissionModeOf,
  TOOL_CHOICE_OPTIONS,
  type ToolChoice,
  toolChoice,
  UsageError,
  withYesAll,
} from './parse-support.ts';
import { STORE_KINDS, type StoreKind } from './store-kind.ts';

/**
 * The assistant's tools unless `--tools` says otherwise, named by the
 * packages that own them. Only their name modules are loaded (they import
 * nothing), so parsing and `--help` still load no package's main entry
 * (command-table.test.ts).
 */
export const ASSISTANT_TOOLS: readonly string[] = Object.freeze([
  READ_TOOL,
  WRITE_TOOL,
  EDIT_TOOL,
  GREP_TOOL,
  GLOB_TOOL,
  BASH_TOOL,
  BASH_OUTPUT_TOOL,
  BASH_KILL_TOOL,
  CALCULATOR_TOOL,
  TASKS_TOOL_GROUP,
  SKILL_TOOL,
  AGENT_TOOL,
]);

/** The assistant's rows in `kodama --help` (it has no command word, so no table entry). */
export const ASSISTANT_HELP: readonly HelpRow[] = [
  {
    synopsis: '[--continue | --resume [<id>]]',
    summary: [
      "the assistant, on a terminal (ask's model and tool flags;",
      'default tools: files, bash, tasks, skill, agent, and',
      'corpus_* where kodama index ran; --resume alone',
      'lists the stored sessions to pick from)',
    ].join('\n'),
  },
  { synopsis: '-p "<prompt>" [--json]', summary: 'one assistant turn, printed' },
  {
    synopsis: '-p --output-format <f>',
    summary:
      'text, json (one result object) or stream-json (one\nversioned event per line; docs/headless.md)',
  },
  {
    synopsis: '-p --input-format stream-json',
    summary: 'messages, interjections and cancels as JSON lines\non stdin: one process, many turns',
  },
  {
    synopsis: '--worktree [<name>]',
    summary: 'the assistant in a new git worktree on the branch\nkodama/<name>, beside the checkout',
  },
  {
    synopsis: '--permission-mode <mode>',
    summary: 'default, accept-edits, plan (read-only) or bypass;\nShift+Tab switches on the screen',
  },
];

/** `kodama [options]` / `kodama -p "<prompt>" [options]`. */
export interface InteractiveArgs extends ToolChoice, HeadlessChoice {
  readonly command: 'interactive';
  /** `-p, --print [<prompt>]`: run one turn and print it, no screen; '' when the prompt comes on stdin. */
  readonly print: string | undefined;
  readonly model: string | undefined;
  /** With `-p`: one JSON event per line. */
  readonly json: boolean;
  /** `-c, --continue`: the most recent session. */
  readonly continue: boolean;
  /** `-r, --resume <id>`: that session. */
  readonly resume: string | undefined;
  /** `--resume` without an id: pick a stored session from a list at start. */
  readonly resumePick: boolean;
  /** True when `--tools` was given (else the configuration's `tools` may apply). */
  readonly toolsGiven: boolean;
  readonly store: StoreKind;
  readonly maxSteps: number | undefined;
  /** `--max-tokens <n>`: the output-token limit of each model request (else the configuration's `maxTokens`). */
  readonly maxTokens: number | undefined;
  /** `--worktree [<name>]`: run in a new git worktree; '' for a generated name. */
  readonly worktree: string | undefined;
  /** `--permission-mode <mode>`: default, accept-edits, plan or bypass; undefined: the session's, else the configuration's. */
  readonly permissionMode: PermissionModeName | undefined;
}

/** True when the process talks to a person: both stdin and stdout are terminals. */
export function interactiveTerminal(io: {
  readonly stdin: { isTTY?: boolean };
  readonly stdout: NodeJS.WritableStream;
}): boolean {
  return io.stdin.isTTY === true && (io.stdout as { isTTY?: boolean }).isTTY === true;
}

/** Not the assistant's: a command line starting with these goes to the command parser. */
const NOT_ASSISTANT = new Set(['--help', '-h', '--version', '-v', '--']);

/** True for `kodama` alone on a terminal, and for a command line that starts with a flag (`kodama -p "…"`). */
export function startsAssistant(
  argv: readonly string[],
  io: { readonly stdin: { isTTY?: boolean }; readonly stdout: NodeJS.WritableStream },
): boolean {
  const [first] = argv;
  if (first === undefined) return interactiveTerminal(io);
  return first.startsWith('-') && !NOT_ASSISTANT.has(first);
}

/** Parses the assistant's flags. @throws UsageError naming the problem. */
export function parseInteractive(argv: readonly string[]): InteractiveArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  // `kodama -p --json "<prompt>"` (claude -p's order): a bare -p takes the words as its prompt.
  if (values.print === '' && positionals.length > 0) values.print = positionals.splice(0).join(' ');
  if (positionals.length > 0) {
    throw new UsageError(
      `unknown command "${positionals[0]}". Try: kodama ask "<prompt>", or kodama -p "<prompt>"`,
    );
  }
  if (values.continue && values.resume !== undefined)
    throw new UsageError('use --continue or --resume [<id>], not both');
  const resumePick = values.resume === '';
  if (resumePick && values.print !== undefined)
    throw new UsageError('-p needs a session id with --resume: kodama -p "<prompt>" --resume <id>');
  if (values.worktree !== undefined && values.print !== undefined)
    throw new UsageError('--worktree is for the assistant on a terminal, not -p');
  if (values.worktree !== undefined && (values.continue || values.resume !== undefined))
    throw new UsageError('--worktree starts a new session; leave out --continue and --resume');
  if (values.json && values.print === undefined) throw new UsageError('--json goes with -p "<prompt>"');
  for (const flag of ['output-format', 'input-format'] as const)
    if (values[flag] !== undefined && values.print === undefined)
      throw new UsageError(`--${flag} goes with -p "<prompt>"`);
  const maxSteps = values['max-steps'] === undefined ? undefined : Number(values['max-steps']);
  if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0))
    throw new UsageError(`--max-steps must be a positive integer, got "${values['max-steps']}"`);
  const permissionMode = permissionModeOf(values['permission-mode']);
  const store = values.store ?? 'jsonl';
  if (!(STORE_KINDS as readonly string[]).includes(store))
    throw new UsageError(`unknown store "${store}". Use --store ${STORE_KINDS.join(' or --store ')}`);
  return {
    command: 'interactive',
    ...toolChoice({ ...values, tools: values.tools ?? defaultTools(values['no-skills'] === true) }, 'ask'),
    ...memoryChoice(values, 'ask'),
    ...codeModeChoice(values, 'ask'),
    print: values.print,
    ...headlessChoice(values, 'kodama'),
    model: values.model,
    json: values.json ?? false,
    continue: values.continue ?? false,
    resume: resumePick ? undefined : values.resume,
    resumePick,
    toolsGiven: values.tools !== undefined,
    store: store as StoreKind,
    maxSteps,
    maxTokens: maxTokensOf(values['max-tokens']),
    worktree: values.worktree,
    permissionMode,
  };
}

/** The default tools; without skills, no skill tool. */
function defaultTools(noSkills: boolean): string {
  return ASSISTANT_TOOLS.filter((t) => !(noSkills && t === SKILL_TOOL)).join(',');
}

/**
 * `--resume` (or `-r`) with no id after it (last, or before another flag)
 * becomes `--resume=`: pick from a list; `--worktree` alone, `--worktree=`: a
 * generated name; `-p` alone, `--print=`: the prompt is on stdin.
 */
function resumeWithoutId(argv: readonly string[]): string[] {
  return argv.map((a, i) => {
    const next = argv[i + 1];
    const bare = next === undefined || next.startsWith('-');
    if (bare && (a === '--resume' || a === '-r')) return '--resume=';
    // `cat notes.md | kodama -p`: the prompt comes on stdin.
    if (bare && (a === '--print' || a === '-p')) return '--print=';
    return bare && a === '--worktree' ? '--worktree=' : a;
  });
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: withYesAll(resumeWithoutId(argv)),
    allowPositionals: true,
    strict: true,
    options: {
      ...TOOL_CHOICE_OPTIONS,
      ...MEMORY_OPTIONS,
      ...CODE_MODE_OPTIONS,
      ...HEADLESS_OPTIONS,
      print: { type: 'string', short: 'p' },
      model: { type: 'string', short: 'm' },
      json: { type: 'boolean' },
      continue: { type: 'boolean', short: 'c' },
      resume: { type: 'string', short: 'r' },
      store: { type: 'string' },
      'max-steps': { type: 'string' },
      'max-tokens': { type: 'string' },
      worktree: { type: 'string' },
      'permission-mode': { type: 'string' },
    },
  });
}
