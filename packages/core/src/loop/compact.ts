import { applyCompaction } from '../compaction/apply-compaction.ts';
import { compactionRequest } from '../compaction/compaction-request.ts';
import { planCompaction } from '../compaction/plan-compaction.ts';
import { taintSources } from '../taint/taint-sources.ts';
import { narrateTokens, streamModelRound, turnRound } from './model-round.ts';
import type { TurnContext } from './turn-context.ts';

/** How an agent compacts a long conversation (see `AgentOptions.compaction`). */
export interface CompactionSettings {
  /** Compact before a request once the conversation passed this fraction of a known window. Default 0.8. */
  readonly threshold?: number;
  /** User turns kept word for word at the end. Default 2. */
  readonly keepLatestTurns?: number;
  /** Assistant steps kept when a single long turn is all there is. Default 4. */
  readonly keepLatestSteps?: number;
}

/** Characters of transcript per token of window the summarising request may use (about half the window). */
const TRANSCRIPT_CHARS_PER_WINDOW_TOKEN = 2;

/**
 * Folds the middle of the conversation into a summary written by the turn's
 * model (a model step of its own, narrated by `model-start` and `tokens`),
 * replaces the conversation with head + summary + tail, and emits
 * `compaction`. Returns false when there is nothing to fold.
 */
export async function compactConversation(
  ctx: TurnContext,
  reason: 'overflow' | 'threshold',
  nextIndex: () => number,
): Promise<boolean> {
  const { model, agentId, turnId } = ctx.settings;
  const { emit, stepRunner, ids } = ctx.io;
  const { conversation, tally } = ctx.state;
  const plan = planCompaction(conversation.entries, ctx.settings.compaction ?? {});
  if (!plan) return false;
  const window = ctx.settings.contextWindow();
  const request = compactionRequest(
    plan.fold,
    window === undefined ? {} : { maxTranscriptChars: window * TRANSCRIPT_CHARS_PER_WINDOW_TOKEN },
  );
  const index = nextIndex();
  const { provider, modelId } = model;
  emit({ type: 'model-start', agentId, turnId, index, provider, modelId });
  const step = { kind: 'model' as const, agentId, turnId, index, provider, modelId, request };
  const quiet = turnRound(ctx, false); // the summary is no answer: no deltas
  const result = await stepRunner.model(step, () => streamModelRound(model, request, quiet));
  tally.record(result.usage, result.finishReason);
  narrateTokens(quiet, model, result);
  tally.forgetContext(); // that response measured the summarising prompt, not the conversation
  const summary = result.message.text;
  if (summary.trim() === '') return false;
  // The summary keeps the taint of what it folds, older messages judged by their tools' legs.
  const tools = ctx.settings.tools.current().byName;
  const taint = taintSources(plan.fold, (name) => tools.get(name)?.trifectaLegs);
  conversation.replace(applyCompaction(plan, summary, ids, taint));
  emit({
    type: 'compaction',
    agentId,
    turnId,
    reason,
    foldedMessages: plan.fold.length,
    summaryChars: summary.length,
  });
  return true;
}
