import type { Emit } from '../events/events.ts';
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
 * Before a turn: switches to `next` when it is a different model (emitting
 * `model-switched`), and emits `context-cap` after a switch or on the first
 * turn. Returns the model to use and, when probed, its window.
 */
export async function prepareModel(
  current: Model,
  next: Model | undefined,
  firstTurn: boolean,
  agentId: string,
  emit: Emit,
  signal: AbortSignal,
): Promise<{ model: Model; probed: boolean; cap: number | undefined }> {
  const switching = next !== undefined && next !== current;
  const model = switching ? next : current;
  if (switching) {
    emit({
      type: 'model-switched',
      agentId,
      from: { provider: current.provider, modelId: current.modelId },
      to: { provider: model.provider, modelId: model.modelId },
    });
  }
  if (!switching && !firstTurn) return { model, probed: false, cap: undefined };
  const cap = await probeContextWindow(model, signal);
  emit({ type: 'context-cap', agentId, cap });
  return { model, probed: true, cap };
}
