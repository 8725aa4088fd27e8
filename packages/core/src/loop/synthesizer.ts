import type { Emit } from '../events/events.ts';
import type { HistoryMessage } from '../history/history-message.ts';
import { INTERRUPTED_RESULT } from '../history/repair.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { Content } from '../messages/content.ts';
import type { Usage } from '../model/usage.ts';
import { narrateResponse, streamModelRound } from './model-round.ts';
import {
  CANCELLED_RESULT,
  CANCELLED_SKIPPED_RESULT,
  FAILED_SKIPPED_RESULT,
  STEP_BUDGET_RESULT,
} from './repair.ts';
import type { TurnContext } from './turn-context.ts';

/** The synthesizer's system prompt: strict and short. */
export const SYNTHESIZER_SYSTEM_PROMPT = [
  'You answer a question using only the evidence another agent collected, shown below.',
  'You have no tools and cannot gather more.',
  'If the evidence is insufficient, say plainly what is missing.',
  "Don't apologize and don't mention the other agent; just answer.",
].join(' ');

/** Results that mean "this call never produced evidence". */
const NO_EVIDENCE = new Set([
  CANCELLED_RESULT,
  CANCELLED_SKIPPED_RESULT,
  FAILED_SKIPPED_RESULT,
  STEP_BUDGET_RESULT,
  INTERRUPTED_RESULT,
]);

function contentText(content: Content): string {
  if (typeof content === 'string') return content;
  return content.map((p) => (p.type === 'text' ? p.text : `[image ${p.mediaType}]`)).join('\n');
}

/**
 * The synthesizer's one user message: the question, then the conversation as
 * a plain transcript. Tool calls without a real result are dropped (they are
 * no evidence); reasoning is left out (it is speculation, not evidence).
 */
export function buildEvidencePrompt(
  entries: readonly HistoryMessage[],
  question: Content | undefined,
): string {
  const results = new Map<string, string>();
  for (const e of entries) {
    if (e.message.role === 'tool') results.set(e.message.toolCallId, contentText(e.message.content));
  }
  const lines: string[] = [];
  for (const e of entries) {
    const m = e.message;
    if (m.role === 'user') lines.push(`[user] ${contentText(m.content)}`);
    else if (m.role === 'assistant') {
      if (m.text !== '') lines.push(`[assistant] ${m.text}`);
      for (const call of m.toolCalls) {
        const result = results.get(call.id);
        if (result === undefined || NO_EVIDENCE.has(result)) continue;
        lines.push(`[tool ${call.name}(${call.arguments})] ${result}`);
      }
    }
  }
  const q = question === undefined ? lastUserText(entries) : contentText(question);
  return `Question: ${q ?? '(see the transcript)'}\n\nEvidence:\n${lines.join('\n\n')}`;
}

function lastUserText(entries: readonly HistoryMessage[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.kind === 'user' && e.message.role === 'user') return contentText(e.message.content);
  }
  return undefined;
}

/**
 * Answers from the evidence gathered so far with one tools-free request,
 * narrated under the synthesizer's own id (`synthesizer`, or
 * `<agent id>_synthesizer`) through `emit` (`reasoning`, `assistant`,
 * `tokens`). Its usage counts toward the turn's tally.
 */
export async function runSynthesizer(
  ctx: TurnContext,
  agentId: string,
  emit: Emit,
): Promise<{ text: string; usage: Usage | undefined }> {
  const { model, turnId, userMessage, streaming } = ctx.settings;
  const { signal, ids, stepRunner } = ctx.io;
  const { conversation, tally } = ctx.state;
  const request = {
    system: SYNTHESIZER_SYSTEM_PROMPT,
    messages: [{ role: 'user' as const, content: buildEvidencePrompt(conversation.entries, userMessage) }],
  };
  const step = {
    kind: 'model' as const,
    agentId,
    turnId,
    index: -1,
    provider: model.provider,
    modelId: model.modelId,
    request,
  };
  const round = { agentId, turnId, signal, streaming, emit, ids };
  emit({ type: 'model-start', agentId, turnId, index: -1, provider: model.provider, modelId: model.modelId });
  const result = await stepRunner.model(step, () => streamModelRound(model, request, round));
  tally.record(result.usage, result.finishReason);
  tally.forgetContext(); // it measured the evidence prompt, not the conversation
  narrateResponse(round, model, result, true);
  return { text: result.message.text, usage: result.usage };
}

/** The synthesizer's id (`synthesizer`, or `<agent id>_synthesizer`) and its sub-agent view of the agent's listeners. */
export function synthesizerChannel(
  listeners: ListenerList,
  agentId: string,
): { agentId: string; emit: Emit } {
  const id = agentId ? `${agentId}_synthesizer` : 'synthesizer';
  const view = listeners.forSubAgent({ id, maxSteps: 1 });
  return { agentId: id, emit: (e) => view.emit(e) };
}
