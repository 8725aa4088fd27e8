import { parseArgs } from 'node:util';
import { defineCommand } from '../command-entry.ts';
import { strictParse, UsageError } from '../parse-support.ts';

/** `kodama approvals [--json]`: the questions waiting on you, in every kodama process. */
export interface ApprovalsArgs {
  readonly command: 'approvals';
  readonly json: boolean;
}

/** The help of `kodama approvals`. */
export const APPROVALS_USAGE = `Usage: kodama approvals [--json]

Lists the questions waiting on you in every running kodama (the assistant, an
editor over ACP, kodama -p on a terminal): the id, what it asks, what it would
run, and who asked. Answer one here with kodama approve <id> [--deny], or on
the screen that shows it: the first answer counts, and the call runs at most
once. Durable runs wait on kodama approve <run id> (kodama runs list).

Options:
      --json               one JSON object per line (the pending approval as stored)
`;

const APPROVALS_OPTIONS = { json: { type: 'boolean' } } as const;

/** Parses `kodama approvals`. @throws UsageError */
export function parseApprovals(args: readonly string[]): ApprovalsArgs {
  const { values, positionals } = strictParse('approvals', () =>
    parseArgs({ args: [...args], allowPositionals: true, strict: true, options: APPROVALS_OPTIONS }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama approvals takes no arguments (got ${positionals[0]})`, 'approvals');
  return { command: 'approvals', json: values.json ?? false };
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
