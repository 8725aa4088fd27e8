import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import {
  CODE_MODE_OPTIONS,
  codeModeChoice,
  MEMORY_OPTIONS,
  memoryChoice,
  strictParse,
  TOOL_CHOICE_OPTIONS,
  type ToolChoice,
  toolChoice,
  UsageError,
  withYesAll,
} from './parse-support.ts';

/** `kodama trifecta [--tools ...] [--memory]`: the lethal-trifecta report of the assistant those flags build. */
export interface TrifectaArgs extends ToolChoice {
  readonly command: 'trifecta';
  readonly json: boolean;
}

const TRIFECTA_OPTIONS = {
  ...TOOL_CHOICE_OPTIONS,
  ...MEMORY_OPTIONS,
  ...CODE_MODE_OPTIONS,
  json: { type: 'boolean' },
} as const;

/** Parses `kodama trifecta` options. @throws UsageError */
export function parseTrifecta(args: readonly string[]): TrifectaArgs {
  const { values, positionals } = strictParse('trifecta', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: TRIFECTA_OPTIONS,
    }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama trifecta takes no arguments, got "${positionals.join(' ')}"`, 'trifecta');
  return {
    command: 'trifecta',
    ...toolChoice(values, 'trifecta'),
    ...memoryChoice(values, 'trifecta'),
    ...codeModeChoice(values, 'trifecta'),
    json: values.json ?? false,
  };
}

/** The usage of `kodama trifecta`. */
export const TRIFECTA_USAGE = `Usage: kodama trifecta [--tools <names>] [--agents <file>] [--root <dir>]
                       [--yes | --yes=all] [--sandbox <kind>] [--no-skills]
                       [--memory [--user <id>]] [--code-mode] [--json]

Prints the lethal-trifecta map of the assistant that kodama ask would build
with the same flags: each agent (the main one, and each sub-agent persona the
agent tool can start) with the legs its tools hold (private data in, untrusted
content in, bytes out), its verdict (silent, soft, loud), the tree's verdict
and its worst path; when loud, which tools bring each leg in (and, with
--memory, why memory makes it so). With --code-mode the model holds exec,
wait and stop, which carry the combined legs of the tools programs call. --json prints the report as JSON. Exits 3
when the verdict is loud, so a script can refuse such a configuration.
`;

/** `kodama trifecta`. */
export const trifectaCommand = defineCommand<TrifectaArgs>({
  name: 'trifecta',
  synopsis: 'trifecta [--tools ...]',
  summary: 'the lethal-trifecta map of the assistant those flags build',
  usage: TRIFECTA_USAGE,
  options: TRIFECTA_OPTIONS,
  parse: parseTrifecta,
  load: () => import('./trifecta-command.ts').then((m) => m.trifecta),
});
