// `kodama ask "<prompt>"`: one agent turn, printed. Its options text is also
// the end of `kodama --help` (the assistant takes the same model and tool flags).
import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { parseDuration } from './duration.ts';
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
  storeKind,
  strictParse,
  TOOL_CHOICE_OPTIONS,
  type ToolChoice,
  toolChoice,
  UsageError,
  withYesAll,
} from './parse-support.ts';
import type { StoreKind } from './store-kind.ts';

/** A parsed `kodama ask` command line. */
export interface AskArgs extends ToolChoice, HeadlessChoice {
  readonly command: 'ask';
  /** The prompt argument; '' when none was given (piped stdin is then the prompt). */
  readonly prompt: string;
  readonly model: string | undefined;
  readonly json: boolean;
  readonly maxSteps: number | undefined;
  /** `--max-tokens <n>`: the output-token limit of each model request (else the configuration's `maxTokens`). */
  readonly maxTokens: number | undefined;
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
  /** `--permission-mode <mode>`: how edits and commands are asked (default: `default`). */
  readonly permissionMode: PermissionModeName | undefined;
}

/** The options of `kodama ask`, as `kodama ask --help` and `kodama --help` list them. */
export const ASK_OPTIONS_TEXT = `Options of ask:
  -m, --model <target>     model to use (see "Model targets"); else $KODAMA_MODEL,
                           else the first local server found, else the first API key found
  -t, --tools <names>      comma-separated tools to offer (default: calculator);
                           also "skill", "tasks" (the four task tools) and "agent"
                           (sub-agents: researcher, file_miner, reviewer; their
                           tools need not be listed); corpus_search, corpus_read and
                           corpus_reindex search the index of --root (kodama index)
      --agents <file>      more personas for the agent tool (JSON or YAML)
      --json               print kodama's own events, one JSON object per line
      --output-format <f>  text (default), json (one result object at the end) or
                           stream-json (one versioned event per line; docs/headless.md)
      --input-format <f>   text (default) or stream-json: user messages, interjections
                           and cancels as JSON lines on stdin, one result line per turn
      --root <dir>         project root for file tools (default: current directory)
  -y, --yes                approve every confirmation (file overwrites, shell commands),
                           except a tool that can send data out after untrusted
                           content (a web page, a sub-agent that read one) came in
      --yes=all            approve those too
      --permission-mode <mode>
                           default (ask before edits and commands), accept-edits (edits
                           inside --root run unasked; commands ask), plan (read-only:
                           the model explores and presents a plan) or bypass
      --sandbox <kind>     run bash under "bubblewrap", or "none" (default: none)
      --max-steps <n>      tool-call budget for the turn (default: 25)
      --max-tokens <n>     output-token limit of each model request (default: the
                           provider's; 4096 for local: models); also "maxTokens"
                           in the configuration
      --deadline <time>    stop after this long (30s, 2m, 1m30s) and keep the answer so far
  -s, --session <id>       continue (or start) the stored session <id>
  -c, --continue           continue the most recent stored session
      --store <kind>       where sessions live: "jsonl" (default) or "sqlite"
      --no-skills          load no skills (default: from <root> and ~, see kodama skills)
      --mcp-connect <id>   connect this MCP server at the start (repeatable; see kodama mcp);
                           the others stay available through the mcp_connect tool
      --no-mcp-screen      skip the model's injection check of MCP servers (the check
                           for hidden characters always runs)
      --trust              trust this folder's project configuration (.kodama/config.json,
                           .mcp.json, project skills) for this run only; kodama trust
                           remembers it. Untrusted, a project may only add deny and ask rules
      --memory             remember across conversations: what you say is kept as facts
                           (kodama memory shows them), matching ones come back with each
                           message; also "memory": true in the configuration
      --no-memory          no memory, whatever the configuration says
      --user <id>          whose memories (default: your login name)
      --code-mode          the model calls tools by writing one program for the exec tool
                           (a QuickJS sandbox; every call meets the same rules); also
                           "codeMode": true in the configuration
      --no-code-mode       direct tool calls, whatever the configuration says
      --tool-search        past 10% of the context window, tools wait behind tool_search
                           (loaded on request); "toolSearch": true in the configuration
      --output-schema <file.json>
                           the answer must match this JSON Schema (an object);
                           prints the validated JSON to stdout instead of the text
  -h, --help               print this help

Model targets:
  openai:<id>  anthropic:<id>  google:<id>  openrouter:<vendor/id>  ollama:<id>
  llamacpp[:<id>]  lmstudio:<id>  openai-compatible:<base url>[@<model id>]
  local[:<file.gguf> | :hf:<user>/<repo>/<file>.gguf][?ctx=<n>&threads=<n>&gpu=auto]
`;

const ASK_OPTIONS = {
  ...TOOL_CHOICE_OPTIONS,
  ...MEMORY_OPTIONS,
  ...CODE_MODE_OPTIONS,
  ...HEADLESS_OPTIONS,
  model: { type: 'string', short: 'm' },
  json: { type: 'boolean' },
  'max-steps': { type: 'string' },
  'max-tokens': { type: 'string' },
  deadline: { type: 'string' },
  session: { type: 'string', short: 's' },
  continue: { type: 'boolean', short: 'c' },
  store: { type: 'string' },
  'output-schema': { type: 'string' },
  'permission-mode': { type: 'string' },
} as const;

/** Parses the words after `kodama ask`. @throws UsageError */
export function parseAsk(args: readonly string[]): AskArgs {
  const { values, positionals } = strictParse('ask', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: ASK_OPTIONS,
    }),
  );
  // Empty when the prompt comes on stdin (checked once stdin is read).
  const prompt = positionals.join(' ').trim();
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
    ...codeModeChoice(values, 'ask'),
    json: values.json ?? false,
    maxSteps,
    maxTokens: maxTokensOf(values['max-tokens'], 'ask'),
    deadlineMs,
    session: values.session,
    continue: values.continue ?? false,
    store: storeKind(values.store, 'ask'),
    outputSchema: values['output-schema'],
    permissionMode: permissionModeOf(values['permission-mode'], 'ask'),
    ...headlessChoice(values, 'ask'),
  };
}

/** `kodama ask`. */
export const askCommand = defineCommand<AskArgs>({
  name: 'ask',
  synopsis: 'ask "<prompt>" [options]',
  summary: 'run one agent turn and print the answer',
  usage: `Usage: kodama ask "<prompt>" [options]

Runs one agent turn: the answer streams to stdout; thinking, tool calls and
notices go to stderr. Piped stdin is read: with a prompt it is attached as
context (cat README.md | kodama ask "summarise"), alone it is the prompt.

${ASK_OPTIONS_TEXT}`,
  options: ASK_OPTIONS,
  parse: parseAsk,
  load: () => import('./ask.ts').then((m) => m.ask),
});
