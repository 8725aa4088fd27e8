import { CancelledError } from '../controls/cancellable.ts';
import { StepLimitExceeded } from '../controls/step-limit.ts';
import { errorInfo } from '../errors/error-info.ts';
import type { TurnEndEvent, TurnOutcome } from '../events/events.ts';
import { OutputTruncatedError } from './model-errors.ts';
import type { TurnContext } from './turn-context.ts';

/** The outcome of a turn that rejected with `error`. */
export function outcomeOf(error: unknown): TurnOutcome {
  if (CancelledError.isInstance(error)) return 'cancelled';
  if (StepLimitExceeded.isInstance(error)) return 'budget-exhausted';
  return 'failed';
}

/**
 * The `turn-end` event of a turn that began at `startedAt`: resolved
 * (`error` absent) with `outcome`, or rejected with `error`.
 */
export function turnEndEvent(
  ctx: TurnContext,
  startedAt: number,
  end: { readonly outcome: TurnOutcome } | { readonly error: unknown },
): TurnEndEvent {
  const at = ctx.io.clock.now();
  const { tally } = ctx.state;
  const base = {
    type: 'turn-end' as const,
    agentId: ctx.settings.agentId,
    turnId: ctx.settings.turnId,
    stopReason: tally.stopReason,
    usage: tally.usage,
    at,
    durationMs: at - startedAt,
  };
  if ('outcome' in end) return { ...base, outcome: end.outcome };
  const { error } = end;
  return {
    ...base,
    outcome: outcomeOf(error),
    error: errorInfo(error),
    ...(OutputTruncatedError.isInstance(error) ? { partialText: error.partialText } : {}),
  };
}
