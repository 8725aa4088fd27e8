import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { strictParse, UsageError } from './parse-support.ts';

/** `kodama approve <run id> [--deny] [--reason <text>]`: answers a durable run's confirmation. */
export interface ApproveArgs {
  readonly command: 'approve';
  readonly runId: string;
  readonly deny: boolean;
  readonly reason: string | undefined;
  readonly database: string | undefined;
}

/** The help of `kodama approve`. */
export const APPROVE_USAGE = `Usage: kodama approve <approval id> [--deny] [--reason <text>]
       kodama approve <run id> [--deny] [--reason <text>] [--database <url>]

Answers a question waiting on you: by default the call runs; with --deny it
does not, and the model reads that it was denied (and --reason, if given).
An approval id (ap-…, kodama approvals lists them) is a question a running
kodama shows (the assistant, an editor over ACP, kodama -p): the first answer
counts, from here or from its screen, and the call runs at most once. A run id
is a durable run's call (a worker started with --approve <tools>): the run may
have waited for hours and its worker may have restarted meanwhile. Prints the
call answered; exits 1 when nothing waits or another answer came first.

Options:
      --deny               refuse the call
      --reason <text>      why, for the model
      --database <url>     postgres://... (default: $KODAMA_DATABASE_URL)
`;

const APPROVE_OPTIONS = {
  deny: { type: 'boolean' },
  reason: { type: 'string' },
  database: { type: 'string' },
} as const;

/** Parses `kodama approve`. @throws UsageError */
export function parseApprove(args: readonly string[]): ApproveArgs {
  const { values, positionals } = strictParse('approve', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: APPROVE_OPTIONS,
    }),
  );
  const [runId, extra] = positionals;
  if (runId === undefined)
    throw new UsageError(
      'kodama approve needs an approval id (kodama approvals lists them) or a run id (kodama runs list)',
      'approve',
    );
  if (extra !== undefined) throw new UsageError('kodama approve takes one id', 'approve');
  return {
    command: 'approve',
    runId,
    deny: values.deny ?? false,
    reason: values.reason,
    database: values.database,
  };
}

/** `kodama approve`. */
export const approveCommand = defineCommand<ApproveArgs>({
  name: 'approve',
  synopsis: 'approve <id> [--deny]',
  summary: "answer a question waiting on you, or a durable run's",
  usage: APPROVE_USAGE,
  options: APPROVE_OPTIONS,
  parse: parseApprove,
  load: () => import('./approve-command.ts').then((m) => m.approve),
});
