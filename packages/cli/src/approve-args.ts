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
export const APPROVE_USAGE = `Usage: kodama approve <run id> [--deny] [--reason <text>] [--database <url>]

Answers the tool call a durable run waits on (a worker started with
--approve <tools>): by default it runs; with --deny it does not, and the
model reads that it was denied (and --reason, if given). The run may have
waited for hours and its worker may have restarted meanwhile. Prints the call
answered; exits 1 when the run waits on nothing.

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
    throw new UsageError('kodama approve needs a run id (kodama runs list shows them)', 'approve');
  if (extra !== undefined) throw new UsageError('kodama approve takes one run id', 'approve');
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
  synopsis: 'approve <run id> [--deny]',
  summary: 'answer the confirmation a durable run waits on',
  usage: APPROVE_USAGE,
  options: APPROVE_OPTIONS,
  parse: parseApprove,
  load: () => import('./approve-command.ts').then((m) => m.approve),
});
