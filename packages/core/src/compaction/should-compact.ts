import { InvalidOptionError } from '../errors/invalid-option-error.ts';

/** Input of {@link shouldCompact}. */
export interface ShouldCompactInput {
  /** Input tokens of the last request (the whole prompt, cached tokens included), when reported. */
  readonly inputTokens: number | undefined;
  /** The model's context window in tokens, when known. */
  readonly contextWindow: number | undefined;
  /** Fraction of the window at which to compact, above 0 and at most 1. Default 0.8. */
  readonly threshold?: number;
}

/**
 * True when the last request's input reached `threshold` of a known context
 * window, so the next request (the same prompt plus the response and any tool
 * results) is likely to overflow. False when either figure is unknown: never
 * a guess. Throws {@link InvalidOptionError} for a threshold outside (0, 1].
 */
export function shouldCompact({ inputTokens, contextWindow, threshold = 0.8 }: ShouldCompactInput): boolean {
  if (!(threshold > 0 && threshold <= 1)) {
    throw new InvalidOptionError('shouldCompact threshold', 'a fraction above 0 and at most 1', threshold);
  }
  if (inputTokens === undefined || contextWindow === undefined || !(contextWindow > 0)) return false;
  return inputTokens >= threshold * contextWindow;
}
