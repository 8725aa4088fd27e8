import { parseArgs } from 'node:util';
import {
  asksForHelp,
  type HelpArgs,
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

/** Parses `kodama trifecta` options. @throws UsageError */
export function parseTrifecta(args: readonly string[]): TrifectaArgs | HelpArgs {
  if (asksForHelp(args)) return { command: 'help', topic: 'trifecta' };
  const { values, positionals } = strictParse('trifecta', () =>
    parseArgs({
      args: withYesAll(args),
      allowPositionals: true,
      strict: true,
      options: { ...TOOL_CHOICE_OPTIONS, ...MEMORY_OPTIONS, json: { type: 'boolean' } },
    }),
  );
  if (positionals.length > 0)
    throw new UsageError(`kodama trifecta takes no arguments, got "${positionals.join(' ')}"`, 'trifecta');
  return {
    command: 'trifecta',
    ...toolChoice(values, 'trifecta'),
    ...memoryChoice(values, 'trifecta'),
    json: values.json ?? false,
  };
}
