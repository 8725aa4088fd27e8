import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { parseDuration } from './duration.ts';
import { strictParse, UsageError } from './parse-support.ts';

/** What `kodama runs` does. */
export type RunsAction = 'submit' | 'list' | 'status' | 'result' | 'events' | 'cancel';

/** `kodama runs ...`: durable runs in the database. */
export interface RunsArgs {
  readonly command: 'runs';
  readonly action: RunsAction;
  /** submit: the prompt; the others: the run id. */
  readonly target: string | undefined;
  readonly database: string | undefined;
  readonly queue: string;
  readonly json: boolean;
  /** events: keep following until the run ends (default true; `--no-follow` replays what is recorded). */
  readonly follow: boolean;
  /** submit: `--wait` prints the answer when the run ends. */
  readonly wait: boolean;
  readonly deadlineMs: number | undefined;
}

/** The help of `kodama runs`. */
export const RUNS_USAGE = `Usage: kodama runs submit "<prompt>" [--wait] [--deadline <time>] [--queue <name>]
       kodama runs list [--json]
       kodama runs status <run id> [--json]
       kodama runs result <run id> [--json]
       kodama runs events <run id> [--no-follow]
       kodama runs cancel <run id>
  (each also takes --database <url>; default: $KODAMA_DATABASE_URL)

Durable runs on PostgreSQL, executed by kodama worker processes. submit puts
a prompt on the queue and prints the run id (--wait: the answer, when the run
ends); status says where a run stands and which worker has it; result waits
for the end and prints the answer (exit status by outcome, as ask); events
prints the run's events as JSON lines from its start, following it live until
it ends; cancel stops it wherever it executes.
`;

const ACTIONS: readonly RunsAction[] = ['submit', 'list', 'status', 'result', 'events', 'cancel'];

const RUNS_OPTIONS = {
  database: { type: 'string' },
  queue: { type: 'string' },
  json: { type: 'boolean' },
  'no-follow': { type: 'boolean' },
  wait: { type: 'boolean' },
  deadline: { type: 'string' },
} as const;

/** Parses `kodama runs`. @throws UsageError */
export function parseRuns(args: readonly string[]): RunsArgs {
  const { values, positionals } = strictParse('runs', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: RUNS_OPTIONS,
    }),
  );
  const [action = 'list', ...rest] = positionals;
  if (!(ACTIONS as readonly string[]).includes(action)) {
    throw new UsageError(`unknown runs action "${action}": use ${ACTIONS.join(', ')}`, 'runs');
  }
  const target = action === 'submit' ? rest.join(' ').trim() : rest[0];
  if (action === 'submit' && !target) throw new UsageError('kodama runs submit needs a prompt', 'runs');
  if (action !== 'submit' && action !== 'list' && target === undefined)
    throw new UsageError(`kodama runs ${action} needs a run id`, 'runs');
  if (action !== 'submit' && rest.length > (action === 'list' ? 0 : 1))
    throw new UsageError(`too many arguments for kodama runs ${action}`, 'runs');
  const deadlineMs = values.deadline === undefined ? undefined : parseDuration(values.deadline);
  if (values.deadline !== undefined && (deadlineMs === undefined || deadlineMs <= 0))
    throw new UsageError(
      `--deadline must be a duration like 30s, 2m or 1m30s, got "${values.deadline}"`,
      'runs',
    );
  return {
    command: 'runs',
    action: action as RunsAction,
    target: target || undefined,
    database: values.database,
    queue: values.queue ?? 'kodama',
    json: values.json ?? false,
    follow: !values['no-follow'],
    wait: values.wait ?? false,
    deadlineMs,
  };
}

/** `kodama runs`. */
export const runsCommand = defineCommand<RunsArgs>({
  name: 'runs',
  synopsis: 'runs submit "<prompt>"',
  summary: 'queue a durable run (also: list, status, result, events, cancel)',
  usage: RUNS_USAGE,
  options: RUNS_OPTIONS,
  parse: parseRuns,
  load: () => import('./runs-command.ts').then((m) => m.runs),
});
