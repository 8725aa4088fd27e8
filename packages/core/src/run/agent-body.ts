import type { TurnOptions } from '../agent/agent-options.ts';
import type { History } from '../history/history.ts';
import type { Listener } from '../listeners/listener.ts';
import type { Content } from '../messages/content.ts';
import { outputSchema } from '../structured/output-schema.ts';
import { structuredAnswer } from '../structured/structured-answer.ts';
import type { RunBody, RunBodyContext, RunBodyResult } from './run-body.ts';
import { runListener } from './run-listener.ts';

/** What a Run needs of its agent (the `Agent` class implements it). */
export interface RunnableAgent {
  readonly id: string;
  readonly model: {
    readonly provider: string;
    readonly modelId: string;
    readonly supportsJsonSchema?: boolean;
  };
  turn(message: Content | undefined, options: TurnOptions): Promise<string>;
  subscribe(listener: Listener): () => void;
  loadHistory(history: History): number;
  exportHistory(): History;
}

/**
 * The body of an agent's Run: its turns (one, plus one per interjection that
 * arrived during the final answer), the structured-output repair, the
 * checkpoints. The agent's events reach the Run through its listener: its own
 * as they are, nested agents' as `agent-stream` events, every response's
 * tokens metered once. One Run at a time per agent.
 */
export function agentBody(agent: RunnableAgent, turnOptions?: TurnOptions): RunBody {
  return {
    conversation: agent,
    exclusive: agent,
    attach: (ctx) => subscribeRun(agent, ctx),
    execute: (ctx) => runAgent(agent, ctx, turnOptions),
  };
}

function subscribeRun(agent: RunnableAgent, ctx: RunBodyContext): () => void {
  const { options, interjections, runId } = ctx;
  return agent.subscribe(
    runListener(agent.id, {
      runId,
      meter: ctx.usage,
      includeAgentEvents: options.includeAgentEvents === true,
      emit: ctx.emit,
      observe: ctx.observe,
      own: (event) => {
        if (event.type === 'assistant') ctx.answered(event.text);
        ctx.emit(event);
        const delivered = interjections.observe(event);
        if (delivered > 0) ctx.emit({ type: 'interjection-delivered', runId, count: delivered });
      },
    }),
  );
}

async function runAgent(
  agent: RunnableAgent,
  ctx: RunBodyContext,
  own: TurnOptions | undefined,
): Promise<RunBodyResult> {
  const { options, interjections } = ctx;
  const structured =
    options.output === undefined
      ? undefined
      : structuredAnswer(outputSchema(options.output), options.model ?? agent.model);
  const turn = {
    signal: ctx.signal,
    interloper: interjections.interloper,
    appContext: options.appContext,
    ...(options.untrusted ? { untrusted: options.untrusted } : {}),
    ...(options.maxOutputTokens ? { maxOutputTokens: options.maxOutputTokens } : {}),
    ...(options.stepLimit ? { stepLimit: options.stepLimit } : {}),
    // A streamed Run streams its answer: the deltas reach the caller without `streaming: true` on the agent.
    ...(ctx.streamed ? { streaming: true } : {}),
    ...(options.session ? { checkpoint: ctx.checkpoint } : {}),
    artifacts: ctx.artifacts,
    ...(structured ? { answerFormat: structured.format } : {}),
    // `agent.turn`'s own options (its checkpoint, answer format, queue, streaming) over the Run's.
    ...own,
  };
  const answer = async (message: Content | undefined, turnOptions: TurnOptions): Promise<string> => {
    let text = await agent.turn(message, turnOptions);
    // An interjection that arrived during the final answer gets a turn of its own.
    while (interjections.pending > 0) text = await agent.turn(undefined, turn);
    return text;
  };
  const response = await answer(ctx.input, options.model ? { ...turn, model: options.model } : turn);
  if (!structured) return { response };
  const repairTurn = { ...turn, answerFormat: structured.repairFormat };
  return await structured.settle(response, (m) => answer(m, repairTurn));
}
