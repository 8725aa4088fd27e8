// The permission mode of a one-shot turn (`kodama -p`, `kodama ask`): told to
// the model, and in plan mode the plan printed and asked about on the terminal.
import type { CliIO } from './cli-io.ts';

type AssistantModule = typeof import('@kodama/assistant');
type Rules = InstanceType<AssistantModule['PermissionRules']>;

const QUESTION =
  '\nApprove this plan? y = carry it out (edits and commands ask), a = carry it out accepting edits, n = no: ';

/**
 * What a one-shot turn in `rules`' mode adds (see `printedPlan`): the plan is
 * printed on `planOut` (undefined: not printed, as with `--json`, whose
 * events carry it), and asked about on the terminal when stdin is one.
 */
export async function oneShotPlan(
  assistant: AssistantModule,
  rules: Rules,
  io: CliIO,
  planOut: NodeJS.WritableStream | undefined,
): Promise<import('@kodama/assistant').PrintedPlan> {
  const { readLine } = await import('@kodama/workspace');
  const tty = io.stdin.isTTY === true;
  return assistant.printedPlan(rules, {
    show: (plan) => planOut?.write(`\nPlan (plan mode: nothing was changed):\n${plan.trimEnd()}\n`),
    ...(tty
      ? {
          ask: async (signal: AbortSignal) => {
            io.stderr.write(QUESTION);
            const line = ((await readLine(io.stdin, signal)) ?? '').trim().toLowerCase();
            return line === 'y' || line === 'yes' ? 'default' : line === 'a' ? 'accept-edits' : false;
          },
        }
      : {}),
  });
}

/**
 * Where a presented plan is printed: with the answer, or on stderr when stdout
 * carries JSON (`--output-format json`, an output schema: `answerIsJson`);
 * undefined with `--json` or stream-json, whose events carry it.
 */
export function planOutput(
  format: { readonly json: boolean; readonly outputFormat: string },
  io: Pick<CliIO, 'stdout' | 'stderr'>,
  answerIsJson = false,
): NodeJS.WritableStream | undefined {
  if (format.json || format.outputFormat === 'stream-json') return undefined;
  return answerIsJson || format.outputFormat === 'json' ? io.stderr : io.stdout;
}
