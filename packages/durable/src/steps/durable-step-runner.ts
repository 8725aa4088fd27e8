import { DBOS, Error as DBOSErrors } from '@dbos-inc/dbos-sdk';
import { CancelledError } from '@kodama/core';
import type {
  InputStep,
  InputStepResult,
  ModelStep,
  ModelStepResult,
  StepRunner,
  ToolStep,
  ToolStepResult,
} from '@kodama/core/loop';
import { approveThenRun } from '../approval/approval-gate.ts';
import { type DurableRunContext, insideStep, runContext } from './run-context.ts';

/**
 * The {@link StepRunner} of agents that run durably. Inside a durable run
 * each model call and each tool execution is a `DBOS.runStep`: its result is
 * checkpointed in Postgres when it returns, and a replay (another worker
 * recovering the run) returns the checkpoint instead of calling again. The
 * step in flight when a worker dies runs again (at least once), which is why
 * tools get an idempotency key. Outside a durable run (the same agent asked
 * directly, or a step nested inside another step) it calls straight through.
 *
 * Outside input (the Interloper, extensions) is recorded only when there is
 * some: durable runs take no interjections, so an empty delivery is the same
 * on every execution.
 */
export const durableStepRunner: StepRunner = Object.freeze({
  model(step: ModelStep, run: () => Promise<ModelStepResult>): Promise<ModelStepResult> {
    const ctx = current();
    if (!ctx) return run();
    ctx.modelSteps++;
    return checkpoint(ctx, step.index < 0 ? 'model:synthesizer' : 'model', run);
  },
  tool(step: ToolStep, run: () => Promise<ToolStepResult>): Promise<ToolStepResult> {
    const ctx = current();
    if (!ctx) return run();
    const name = `tool:${step.toolName}`;
    const policy = ctx.approval;
    if (!policy?.needs(step)) return checkpoint(ctx, name, run);
    // Gated calls wait in model order, one after another, so the durable waits replay in the same order.
    const gated = ctx.approvals.then(() =>
      approveThenRun(ctx, step, policy.timeoutMs, () => checkpoint(ctx, name, run)),
    );
    ctx.approvals = gated.catch(() => {});
    return gated.catch((e: unknown) => translate(ctx, e));
  },
  async input(step: InputStep, run: () => Promise<InputStepResult>): Promise<InputStepResult> {
    const ctx = current();
    if (!ctx) return run();
    const result = await run();
    if (result.contents.length === 0) return result;
    return checkpoint(ctx, `input:${step.source}`, async () => result);
  },
});

/** The durable run of this async context, unless code already runs inside a step. */
function current(): DurableRunContext | undefined {
  if (insideStep.getStore()) return undefined;
  const ctx = runContext.getStore();
  return ctx && DBOS.isInWorkflow() ? ctx : undefined;
}

/** One checkpointed step. DBOS assigns its place synchronously here, so concurrent tool calls keep model order. */
function checkpoint<T>(ctx: DurableRunContext, name: string, run: () => Promise<T>): Promise<T> {
  return DBOS.runStep(() => insideStep.run(true, () => watchCancel(ctx, run)), { name }).catch((e: unknown) =>
    translate(ctx, e),
  );
}

/** Runs `run`, cancelling the Run when the workflow is cancelled from anywhere while it runs. */
async function watchCancel<T>(ctx: DurableRunContext, run: () => Promise<T>): Promise<T> {
  const signal = DBOS.stepStatus?.cancelSignal;
  if (!signal) return run();
  const onCancel = () => ctx.cancel(signal.reason);
  signal.addEventListener('abort', onCancel, { once: true });
  try {
    return await run();
  } finally {
    signal.removeEventListener('abort', onCancel);
  }
}

/** DBOS's cancellation and lost ownership become a cancel of the Run; anything else passes. */
function translate(ctx: DurableRunContext, error: unknown): never {
  if (error instanceof DBOSErrors.DBOSWorkflowCancelledError) {
    ctx.cancel(error);
    throw new CancelledError({ cause: error });
  }
  if (error instanceof DBOSErrors.DBOSWorkflowConflictError) {
    ctx.abandon();
    throw new CancelledError({ cause: error });
  }
  throw error;
}
