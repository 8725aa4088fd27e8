import { runTurn, type TurnResult } from './run-turn.ts';
import type { TurnContext } from './turn-context.ts';
import { turnEndEvent } from './turn-end.ts';

/**
 * One turn bracketed by its lifecycle events: `turn-start`, then `prepare`
 * (the model announcements that belong inside the turn), then the loop, then
 * `turn-end` with how it ended, whatever that was.
 */
export async function narratedTurn(ctx: TurnContext, prepare: () => Promise<void>): Promise<TurnResult> {
  const { emit, clock } = ctx.io;
  const { agentId, turnId, model } = ctx.settings;
  const startedAt = clock.now();
  const { provider, modelId } = model;
  emit({ type: 'turn-start', agentId, turnId, provider, modelId, at: startedAt });
  try {
    await prepare();
    const result = await runTurn(ctx);
    emit(turnEndEvent(ctx, startedAt, { outcome: result.synthesized ? 'budget-exhausted' : 'completed' }));
    return result;
  } catch (error) {
    emit(turnEndEvent(ctx, startedAt, { error }));
    throw error;
  }
}
