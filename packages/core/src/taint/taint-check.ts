import type { HistoryMessage } from '../history/history-message.ts';
import type { ToolCall } from '../messages/message.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { TaintGate } from './taint-gate.ts';
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
 * consent when all three legs are real at that moment: the tool can send
 * bytes out (egress other than `none`), the agent can reach private data (one
 * of its tools reads it), and untrusted content has already entered this
 * conversation. Returns the `Error: ...` observation that answers a refused
 * call, or `undefined` when the call may run.
 */
export async function taintCheck(
  tool: AnyTool,
  call: ToolCall,
  input: TaintCheckInput,
): Promise<string | undefined> {
  if (tool.trifectaLegs.egress === 'none') return undefined;
  if (!reachesPrivateData(input.tools)) return undefined;
  const sources = taintSources(input.messages, (name) => input.tools.get(name)?.trifectaLegs);
  if (sources.length === 0) return undefined;
  const request = { agentId: input.agentId, toolName: tool.name, arguments: call.arguments, sources };
  if (input.gate && (await input.gate(request, input.signal))) return undefined;
  const from = sources.join(', ');
  const why = input.gate ? 'the user declined it' : 'no one is here to confirm it';
  return (
    `Error: ${tool.name} was not run: this conversation holds untrusted content from ${from}, ` +
    `and ${tool.name} can send data out, so it needs confirmation, and ${why}. ` +
    `Do not retry it; finish the task without it or ask the user.`
  );
}

function reachesPrivateData(tools: ReadonlyMap<string, AnyTool>): boolean {
  for (const tool of tools.values()) if (tool.trifectaLegs.privateData) return true;
  return false;
}
