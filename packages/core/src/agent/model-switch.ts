import type { TurnContext } from '../loop/turn-context.ts';
import type { Model } from '../model/model.ts';

/** Asks the model for its context window; a failed probe counts as unknown (it must not fail the turn). */
export async function probeContextWindow(model: Model, signal: AbortSignal): Promise<number | undefined> {
  try {
    return await model.contextWindow?.({ signal });
  } catch {
    return undefined;
  }
}

/**
 * At turn start, after `turn-start`: emits `model-switched` when the turn
 * switched away from `from`, and probes and emits `context-cap` when due (the
 * agent's first turn, or after a switch). Returns the window when probed.
 */
export async function announceModel(
  ctx: TurnContext,
  from: Model | undefined,
  probe: boolean,
): Promise<{ probed: boolean; cap: number | undefined }> {
  const { agentId, turnId, model } = ctx.settings;
  const { emit, signal } = ctx.io;
  if (from) {
    emit({
      type: 'model-switched',
      agentId,
      turnId,
      from: { provider: from.provider, modelId: from.modelId },
      to: { provider: model.provider, modelId: model.modelId },
    });
  }
  if (!probe) return { probed: false, cap: undefined };
  const cap = await probeContextWindow(model, signal);
  emit({ type: 'context-cap', agentId, turnId, cap });
  return { probed: true, cap };
}
