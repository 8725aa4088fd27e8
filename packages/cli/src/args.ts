import { parseArgs } from 'node:util';

/** A parsed `kodama ask` command line. */
export interface AskArgs {
  readonly command: 'ask';
  readonly prompt: string;
  readonly model: string | undefined;
  readonly tools: readonly string[];
  readonly json: boolean;
  readonly root: string | undefined;
  readonly yes: boolean;
  readonly sandbox: string | undefined;
  readonly maxSteps: number | undefined;
}

/** `kodama help` / `--help`, or `--version`. */
export interface InfoArgs {
  readonly command: 'help' | 'version';
}

/** What the command line asks for. */
export type CliArgs = AskArgs | InfoArgs;

/** A command line kodama cannot act on; the message says what to type instead. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The default tool set of `kodama ask`. */
export const DEFAULT_TOOLS: readonly string[] = ['calculator'];

/** Parses argv (without `node` and the script path). Throws UsageError with a helpful message. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    return { command: 'help' };
  }
  if (command === '--version' || command === 'version') return { command: 'version' };
  if (command !== 'ask') throw new UsageError(`unknown command "${command}". Try: kodama ask "<prompt>"`);

  let parsed: ReturnType<typeof parseAsk>;
  try {
    parsed = parseAsk(rest);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const prompt = positionals.join(' ').trim();
  if (prompt === '') throw new UsageError('kodama ask needs a prompt, e.g. kodama ask "What is 17 * 23?"');
  const maxSteps = values['max-steps'] === undefined ? undefined : Number(values['max-steps']);
  if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0)) {
    throw new UsageError(`--max-steps must be a positive integer, got "${values['max-steps']}"`);
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
    sandbox: values.sandbox,
    maxSteps,
  };
}

function parseAsk(args: readonly string[]) {
  return parseArgs({
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
    },
  });
}

/** The text of `kodama help`. */
export const HELP = `kodama: a terminal agent

Usage:
  kodama ask "<prompt>" [options]     run one agent turn and print the answer

Options:
  -m, --model <target>     model to use (see "Model targets"); else $KODAMA_MODEL,
                           else the first local server found, else the first API key found
  -t, --tools <names>      comma-separated tools to offer (default: calculator)
      --json               print one JSON event per line instead of text
      --root <dir>         project root for file tools (default: current directory)
  -y, --yes                approve every confirmation (file overwrites, shell commands)
      --sandbox <kind>     run bash under "bubblewrap" (default: none)
      --max-steps <n>      tool-call budget for the turn (default: 25)

Model targets:
  openai:<id>  anthropic:<id>  google:<id>  openrouter:<vendor/id>  ollama:<id>
  llamacpp[:<id>]  lmstudio:<id>  openai-compatible:<base url>[@<model id>]
`;
