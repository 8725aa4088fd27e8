// `kodama acp`: the assistant for editors, over the Agent Client Protocol on
// stdio. The flags are the assistant's (`kodama -p`'s): the editor starts
// kodama once and opens sessions in its folders, so the session flags of a
// terminal (-p, --continue, --resume, --worktree, --json) have no place here.
import { defineCommand } from './command-entry.ts';
import { type InteractiveArgs, parseInteractive } from './interactive-args.ts';
import { MEMORY_OPTIONS, TOOL_CHOICE_OPTIONS, UsageError } from './parse-support.ts';

/** `kodama acp [options]`: the assistant's flags; the editor names the folder of each session. */
export interface AcpArgs extends Omit<InteractiveArgs, 'command'> {
  readonly command: 'acp';
}

/** The help of `kodama acp`. */
export const ACP_USAGE = `Usage: kodama acp [--model <target>] [--permission-mode <mode>] [--trust]
                 [--tools <names>] [--yes | --yes=all] [--sandbox <kind>] [--no-skills]
                 [--store jsonl|sqlite] [--max-steps <n>] [--max-tokens <n>]

The assistant (kodama's tools, rules and sessions) for editors: it speaks the
Agent Client Protocol (ACP) on stdin and stdout, so Zed, JetBrains IDEs and
every ACP client can run it as their agent. The editor starts kodama acp and
opens sessions in its project folder; kodama streams the answer, the
reasoning and each tool call (its kind, the files it touches, the diff of an
edit) and asks the editor whenever kodama would ask you (session/request_permission):
your permission rules and the folder's trust apply as in kodama -p. The
editor's mode picker switches the permission mode (default, accept-edits, plan;
bypass only when kodama acp was started in it). Sessions are kodama's: the
editor can load one kodama saved (kodama sessions list).

A folder whose project configuration nobody trusted yet is used with only
its deny and ask rules (kodama trust, or --trust, trusts it).

Options:
  (kodama -p's --model, --tools, --yes, --sandbox, --no-skills, --mcp-connect,
   --permission-mode, --trust, --memory, --store, --max-steps, --max-tokens)
  -h, --help   print this help

Nothing but the protocol is written to stdout; notices go to stderr.
`;

/** The terminal's session flags: an editor opens its sessions over the protocol. */
const NOT_HERE = ['-p', '--print', '--json', '-c', '--continue', '-r', '--resume', '--worktree', '--root'];

/** Parses the words after `kodama acp`. @throws UsageError */
export function parseAcp(words: readonly string[]): AcpArgs {
  const refused = words.find((w) => NOT_HERE.includes(w.split('=')[0] ?? w));
  if (refused !== undefined)
    throw new UsageError(
      `${refused.split('=')[0]} is not a kodama acp flag: the editor opens, loads and roots its sessions over the protocol`,
      'acp',
    );
  let parsed: InteractiveArgs;
  try {
    parsed = parseInteractive(words);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(error.message, 'acp');
    throw error;
  }
  // A session flag spelled another way (`-pfoo`, `-cr`) is refused too.
  if (
    parsed.print !== undefined ||
    parsed.json ||
    parsed.continue ||
    parsed.resume !== undefined ||
    parsed.resumePick ||
    parsed.worktree !== undefined
  )
    throw new UsageError('kodama acp takes no session flags: the editor opens and loads its sessions', 'acp');
  const { command: _interactive, ...rest } = parsed;
  return { ...rest, command: 'acp' };
}

/** `kodama acp`. */
export const acpCommand = defineCommand<AcpArgs>({
  name: 'acp',
  synopsis: 'acp [--model <target>]',
  summary: 'the assistant for editors (Zed, JetBrains): the Agent\nClient Protocol on stdio',
  usage: ACP_USAGE,
  options: {
    ...TOOL_CHOICE_OPTIONS,
    ...MEMORY_OPTIONS,
    model: { type: 'string', short: 'm' },
    store: { type: 'string' },
    'max-steps': { type: 'string' },
    'max-tokens': { type: 'string' },
    'permission-mode': { type: 'string' },
  },
  parse: parseAcp,
  load: () => import('./acp-command.ts').then((m) => m.acpServe),
});
