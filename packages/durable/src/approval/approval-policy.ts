import type { ToolStep } from '@kodama/core/loop';

/** Which tool calls of a durable run wait for a person's answer, given to `durable()`. */
export interface ApprovalOptions {
  /** Calls of these tools wait. */
  readonly tools?: readonly string[];
  /** Or decide per call (called with the step; must be a pure function of it: a replay asks again). */
  readonly when?: (step: ToolStep) => boolean;
  /** How long a call waits before it counts as denied, ms (default 7 days). */
  readonly timeoutMs?: number;
}

/** The resolved form the step runner reads. */
export interface ApprovalPolicy {
  readonly needs: (step: ToolStep) => boolean;
  readonly timeoutMs: number;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Resolves {@link ApprovalOptions}; `undefined` when no call waits. */
export function approvalPolicy(options: ApprovalOptions | undefined): ApprovalPolicy | undefined {
  if (!options) return undefined;
  const names = new Set(options.tools ?? []);
  const when = options.when;
  return {
    needs: (step) => names.has(step.toolName) || (when?.(step) ?? false),
    timeoutMs: options.timeoutMs ?? WEEK_MS,
  };
}
