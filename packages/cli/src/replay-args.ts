// `kodama replay`: a stored session re-run step by step against a model, its tool results frozen.
import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { storeKind, strictParse, UsageError } from './parse-support.ts';
import type { StoreKind } from './store-kind.ts';

/** `kodama replay <session> [--model <target> | --script <file>] [--prompt-file <file>] [--save <file>]`. */
export interface ReplayArgs {
  readonly command: 'replay';
  readonly session: string;
  /** The model to replay against; absent: the recorded answers (or `script`) are served in-process. */
  readonly model: string | undefined;
  /** A testkit script file (a JSON array of replies) served in-process instead of the recorded answers. */
  readonly script: string | undefined;
  /** A file whose text replaces the system prompt. */
  readonly promptFile: string | undefined;
  /** Where to write the replayed answers as a testkit script. */
  readonly save: string | undefined;
  /** The tools offered to the model (their descriptions only: none ever runs); default: the ones the recording called. */
  readonly tools: readonly string[] | undefined;
  readonly json: boolean;
  readonly store: StoreKind;
}

/** The help of `kodama replay`. */
export const REPLAY_USAGE = `Usage: kodama replay <session> [--model <target> | --script <file>]
                     [--prompt-file <file>] [--save <file>] [--tools a,b]
                     [--json] [--store jsonl|sqlite]

Re-runs a stored session turn by turn: every model step is asked again with
the conversation as recorded, and its answer compared with the recorded one
(the same tools, with the same arguments, in the same order, and the same
text). Tool results are the recorded ones: no tool ever runs, so replaying a
session from anyone is safe. The replay stops at the first step that
diverges and reports it, with tokens and cost per turn side by side.

Without --model the recorded answers are served in-process (a check that the
session replays); --script serves a testkit script instead (what --save
wrote). --prompt-file replaces the system prompt (default: kodama ask's), to
check a prompt change against recorded sessions. --save writes the replayed
answers as a testkit script (kodama-testkit serve --script <file>).

Exit status: 0 every step identical, 1 diverged (or the model failed),
2 usage error (an unknown or unreadable session, a bad flag or file).

Options:
  -m, --model <target>     the model to replay against (provider:model)
      --script <file>      serve this testkit script instead of the recording
      --prompt-file <file> the system prompt to replay with
      --save <file>        write the replayed answers as a testkit script
      --tools a,b          the tools described to the model (default: those called)
      --json               one JSON report on stdout
      --store jsonl|sqlite where the session is kept (default: jsonl)
`;

const REPLAY_OPTIONS = {
  model: { type: 'string', short: 'm' },
  script: { type: 'string' },
  'prompt-file': { type: 'string' },
  save: { type: 'string' },
  tools: { type: 'string' },
  json: { type: 'boolean' },
  store: { type: 'string' },
} as const;

/** Parses the words after `kodama replay`. @throws UsageError */
export function parseReplay(args: readonly string[]): ReplayArgs {
  const { values, positionals } = strictParse('replay', () =>
    parseArgs({ args: [...args], allowPositionals: true, strict: true, options: REPLAY_OPTIONS }),
  );
  const [session, extra] = positionals;
  if (session === undefined)
    throw new UsageError('kodama replay needs a session id (kodama sessions list shows them)', 'replay');
  if (extra !== undefined) throw new UsageError('kodama replay takes one session id', 'replay');
  if (values.model !== undefined && values.script !== undefined)
    throw new UsageError('--model and --script both choose what answers: give one', 'replay');
  const nonEmpty = (flag: string, value: string | undefined) => {
    if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} needs a value`, 'replay');
    return value;
  };
  const tools = nonEmpty('--tools', values.tools)
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return {
    command: 'replay',
    session,
    model: nonEmpty('--model', values.model),
    script: nonEmpty('--script', values.script),
    promptFile: nonEmpty('--prompt-file', values['prompt-file']),
    save: nonEmpty('--save', values.save),
    tools,
    json: values.json ?? false,
    store: storeKind(values.store, 'replay'),
  };
}

/** `kodama replay`. */
export const replayCommand = defineCommand<ReplayArgs>({
  name: 'replay',
  synopsis: 'replay <session> [-m <m>]',
  summary: 're-run a stored session, its tool results frozen;\nreport the first step that diverges',
  usage: REPLAY_USAGE,
  options: REPLAY_OPTIONS,
  parse: parseReplay,
  load: () => import('./replay/replay-command.ts').then((m) => m.replay),
});
