import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { parseDuration } from './duration.ts';
import { strictParse, UsageError } from './parse-support.ts';

/** `kodama run <file> [options] <prompt...>`: ask the agent or assembly a module exports. */
export interface RunArgs {
  readonly command: 'run';
  /** The module: `.ts`, `.mts`, `.js` or `.mjs`, relative to the current directory. */
  readonly file: string;
  readonly prompt: string;
  /** `--json`: every event of the Run as one JSON line. */
  readonly json: boolean;
  /** `--verbose`: the events of every participant, not only the steps and the final answer. */
  readonly verbose: boolean;
  /** `--deadline`, in milliseconds from the start. */
  readonly deadlineMs: number | undefined;
}

/** The usage of `kodama run`. */
export const RUN_USAGE = `Usage: kodama run <file.ts|file.js> [options] "<prompt>"

Asks the agent or assembly (a workflow, a swarm, a graph) that the module
exports as its default export, with the prompt, streaming like kodama ask:
the final answer to stdout; the steps (who started, finished, handed off or
was retried, with tokens) and notices to stderr. The module chooses its own
model; the examples under examples/ read it from $KODAMA_MODEL.

TypeScript modules (.ts, .mts) are loaded through tsx (npm install tsx, in the
project or globally beside kodama); .js and .mjs modules as they are.

Options:
      --json               print every event of the Run as one JSON line on stdout
                           (steps, transitions, every participant's events, the end)
      --verbose            also show every participant's own events on stderr
                           (its answer, tool calls), indented under its name
      --deadline <time>    stop after this long (30s, 2m, 1m30s) and keep the answer so far
  -h, --help               print this help

Exit status: 0 completed, 1 failed (or the module could not load), 2 usage
(no such file, no runnable default export), 3 deadline reached (partial),
130 cancelled (Ctrl+C), 143 terminated (SIGTERM).
`;

/** The file extensions `kodama run` and `kodama graph` load. */
export const MODULE_EXTENSIONS: readonly string[] = ['.ts', '.mts', '.js', '.mjs'];

/** Checks a module path's extension (a usage error for `topic` otherwise). */
export function checkModulePath(file: string | undefined, topic: 'run' | 'graph'): string {
  const example =
    topic === 'run'
      ? 'kodama run examples/review-graph.ts "<prompt>"'
      : 'kodama graph examples/review-graph.ts --mermaid';
  if (file === undefined || file === '')
    throw new UsageError(`kodama ${topic} needs a module file, e.g. ${example}`, topic);
  if (!MODULE_EXTENSIONS.some((ext) => file.endsWith(ext)))
    throw new UsageError(
      `kodama ${topic} loads ${MODULE_EXTENSIONS.join(', ')} modules, not "${file}"`,
      topic,
    );
  return file;
}

const RUN_OPTIONS = {
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  deadline: { type: 'string' },
} as const;

/** Parses the words after `kodama run`. Throws UsageError. */
export function parseRun(args: readonly string[]): RunArgs {
  const { values, positionals } = strictParse('run', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: RUN_OPTIONS,
    }),
  );
  const [file, ...words] = positionals;
  checkModulePath(file, 'run');
  const prompt = words.join(' ').trim();
  if (prompt === '')
    throw new UsageError(
      `kodama run needs a prompt after the file, e.g. kodama run ${file} "Review this plan"`,
      'run',
    );
  const deadlineMs = values.deadline === undefined ? undefined : parseDuration(values.deadline);
  if (values.deadline !== undefined && (deadlineMs === undefined || deadlineMs <= 0)) {
    throw new UsageError(
      `--deadline must be a duration like 30s, 2m or 1m30s, got "${values.deadline}"`,
      'run',
    );
  }
  return {
    command: 'run',
    file: file!,
    prompt,
    json: values.json ?? false,
    verbose: values.verbose ?? false,
    deadlineMs,
  };
}

/** `kodama run`. */
export const runCommand = defineCommand<RunArgs>({
  name: 'run',
  synopsis: 'run <file.ts> "<prompt>"',
  summary: 'ask the agent, workflow, swarm or graph a module exports',
  usage: RUN_USAGE,
  options: RUN_OPTIONS,
  parse: parseRun,
  load: () => import('./run-command.ts').then((m) => m.run),
});
