import type { HistoryMessage } from '../history/history-message.ts';
import type { ToolCall } from '../messages/message.ts';
import { callEffects } from '../tool/call-legs.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';
import type { TaintAnswer, TaintGate } from './taint-gate.ts';
import { taintSources } from './taint-sources.ts';

/** What the check reads of the running turn. */
export interface TaintCheckInput {
  readonly agentId: string;
  readonly tools: ReadonlyMap<string, AnyTool>;
  readonly messages: readonly HistoryMessage[];
  readonly gate: TaintGate | undefined;
  readonly signal: AbortSignal;
}

/**
 * The runtime half of the lethal-trifecta defence. A call needs the gate's
 * consent when all three legs are real at that moment: this call can send
 * bytes out (`legs`, the call's own: egress other than `none`), the agent can
 * reach private data (one of its tools reads it), and untrusted content has
 * already entered this conversation (its messages' recorded taint). Returns
 * the `Error: ...` observation that answers a refused call, saying whether a
 * person declined it or no one could be asked, or `undefined` when the call
 * may run.
 */
export async function taintCheck(
  tool: AnyTool,
  call: ToolCall,
  legs: TrifectaLegs,
  input: TaintCheckInput,
): Promise<string | undefined> {
  if (legs.egress === 'none') return undefined;
  if (!reachesPrivateData(input.tools)) return undefined;
  const sources = taintSources(input.messages, (name) => input.tools.get(name)?.trifectaLegs);
  if (sources.length === 0) return undefined;
  const request = {
    agentId: input.agentId,
    toolName: tool.name,
    arguments: call.arguments,
    sources,
    ...(tool.effects ? { effects: callEffects(tool, call) } : {}),
  };
  const answer = input.gate ? await input.gate(request, input.signal) : 'unattended';
  if (answer === true) return undefined;
  return `Error: ${taintRefusal(tool.name, sources, answer, 'conversation')}`;
}

function reachesPrivateData(tools: ReadonlyMap<string, AnyTool>): boolean {
  for (const tool of tools.values()) if (tool.trifectaLegs.privateData) return true;
  return false;
}

/**
 * What the model reads when the gate did not consent to `toolName`: the
 * untrusted `sources` its `holder` (the conversation, or a code-mode program)
 * holds, whether a person declined it or no one could be asked, and not to
 * retry. Without the `Error: ` prefix a refused call's observation adds.
 */
export function taintRefusal(
  toolName: string,
  sources: readonly string[],
  answer: Exclude<TaintAnswer, true>,
  holder: 'conversation' | 'program',
): string {
  const why =
    answer === false
      ? 'the user declined it when asked'
      : 'it was refused because no one could confirm it (nobody was there to ask)';
  return (
    `${toolName} was not run: this ${holder} holds untrusted content from ${sources.join(', ')}, ` +
    `and this ${toolName} call can send data out, so it needs confirmation; ${why}. ` +
    'Do not retry it; finish the task without it, and tell the user what needed confirmation.'
  );
}
