import { parseArgs } from 'node:util';
import { defineCommand } from '../command-entry.ts';
import { strictParse, UsageError } from '../parse-support.ts';

/** `kodama approvals [--json]`: the questions waiting on you, in every kodama process. */
export interface ApprovalsArgs {
  readonly command: 'approvals';
  readonly json: boolean;
  /** Also the durable runs' waiting calls in this database (default: $KODAMA_DATABASE_URL, if set). */
  readonly database: string | undefined;
}

/** The help of `kodama approvals`. */
export const APPROVALS_USAGE = `Usage: kodama approvals [--json] [--database <url>]

Lists the questions waiting on you in every running kodama (the assistant, an
editor over ACP, kodama -p on a terminal): the id, what it asks, what it would
run, and who asked. Answer one here with kodama approve <id> [--deny], or on
the screen that shows it: the first answer counts, and the call runs at most
once. With a database (--database, else $KODAMA_DATABASE_URL) the calls
durable runs wait on are listed too, by run id: kodama approve <run id>.

Options:
      --json               one JSON object per line (the pending approval as stored)
      --database <url>     postgres://... (default: $KODAMA_DATABASE_URL)
`;

const APPROVALS_OPTIONS = { json: { type: 'boolean' }, database: { type: 'string' } } as const;

/** Parses `kodama approvals`. @throws UsageError */
export function parseApprovals(args: readonly string[]): ApprovalsArgs {
  const { values, positionals } = strictParse('approvals', () =>
    parseArgs({ args: [...args], allowPositionals: true, strict: true, options: APPROVALS_OPTIONS }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama approvals takes no arguments (got ${positionals[0]})`, 'approvals');
  return { command: 'approvals', json: values.json ?? false, database: values.database };
}

/** `kodama approvals`. */
export const approvalsCommand = defineCommand<ApprovalsArgs>({
  name: 'approvals',
  synopsis: 'approvals [--json]',
  summary: 'list the questions waiting on you (answer with approve <id>)',
  usage: APPROVALS_USAGE,
  options: APPROVALS_OPTIONS,
  parse: parseApprovals,
  load: () => import('./approvals-command.ts').then((m) => m.approvals),
});
