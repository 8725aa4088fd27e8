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

/** `kodama worker`: executes queued durable runs of the assistant the flags build. */
export interface WorkerArgs extends ToolChoice {
  readonly command: 'worker';
  readonly model: string | undefined;
  /** `--database`; else `$KODAMA_DATABASE_URL`. */
  readonly database: string | undefined;
  /** `--queue` (default `kodama`). */
  readonly queue: string;
  /** `--concurrency` (default 4). */
  readonly concurrency: number;
  /** `--executor-id`: a stable id, so a restarted worker recovers its own runs at once. */
  readonly executorId: string | undefined;
  /** `--approve <tools>`: calls of these tools wait for `kodama approve`. */
  readonly approve: readonly string[];
  readonly maxSteps: number | undefined;
}

/** The help of `kodama worker`. */
export const WORKER_USAGE = `Usage: kodama worker [--database <url>] [--concurrency <n>] [--queue <name>]
                     [--executor-id <id>] [--approve <tools>] [--model <target>]
                     [--tools <names>] [--root <dir>] [--yes | --yes=all] [--sandbox <kind>]
                     [--no-skills] [--max-steps <n>]

Executes durable runs (kodama runs submit) of the assistant kodama ask would
build with the same flags, as DBOS workflows on PostgreSQL: every model call
and tool call is checkpointed, so a run whose worker dies is finished by
another worker (a worker silent for 20 s is taken for dead) and completed
steps never run again. Start several on one database to share the work.

Options:
      --database <url>     postgres://... (default: $KODAMA_DATABASE_URL)
      --concurrency <n>    runs executed at once (default: 4)
      --queue <name>       the queue to serve (default: kodama)
      --executor-id <id>   this worker's id (default: host, pid and a random suffix);
                           a worker restarted with the same id resumes its runs at once
      --approve <tools>    comma-separated tools whose calls wait for a person's answer:
                           kodama approve <run id> [--deny], from anywhere, any time later
  (and ask's --model, --tools, --root, --yes, --sandbox, --no-skills, --max-steps)

Nobody sits at this terminal: confirmations of file and shell tools are declined
unless --yes. Ctrl+C or SIGTERM stops it gracefully: running runs get 30 s to
finish, the rest go back on the queue for other workers.
`;

const WORKER_OPTIONS = {
  ...TOOL_CHOICE_OPTIONS,
  model: { type: 'string', short: 'm' },
  database: { type: 'string' },
  queue: { type: 'string' },
  concurrency: { type: 'string' },
  'executor-id': { type: 'string' },
  approve: { type: 'string' },
  'max-steps': { type: 'string' },
} as const;

/** Parses `kodama worker` options. @throws UsageError */
export function parseWorker(args: readonly string[]): WorkerArgs {
  const { values, positionals } = strictParse('worker', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: WORKER_OPTIONS,
    }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama worker takes no arguments, got "${positionals.join(' ')}"`, 'worker');
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError(
      `--concurrency must be a whole number of 1 or more, got "${values.concurrency}"`,
      'worker',
    );
  const maxSteps = values['max-steps'] === undefined ? undefined : Number(values['max-steps']);
  if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0))
    throw new UsageError(`--max-steps must be a positive integer, got "${values['max-steps']}"`, 'worker');
  const queue = values.queue ?? 'kodama';
  if (!/^[\w.-]+$/.test(queue))
    throw new UsageError(`--queue takes letters, digits, _ . - (got "${queue}")`, 'worker');
  return {
    command: 'worker',
    ...toolChoice(values, 'worker'),
    model: values.model,
    database: values.database,
    queue,
    concurrency,
    executorId: values['executor-id'],
    approve: (values.approve ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    maxSteps,
  };
}

/** `kodama worker`. */
export const workerCommand = defineCommand<WorkerArgs>({
  name: 'worker',
  synopsis: 'worker [--concurrency <n>]',
  summary: 'execute durable runs on PostgreSQL (--database <url>)',
  usage: WORKER_USAGE,
  options: WORKER_OPTIONS,
  parse: parseWorker,
  load: () => import('./worker-command.ts').then((m) => m.worker),
});
