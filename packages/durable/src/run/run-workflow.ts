import { DBOS } from '@dbos-inc/dbos-sdk';
import {
  type AgentEvent,
  type ErrorInfo,
  History,
  type Listener,
  type Run,
  type RunEvent,
} from '@kodama/core';
import type { SessionStore } from '@kodama/core/session';
import type pg from 'pg';
import type { ApprovalPolicy } from '../approval/approval-policy.ts';
import { DurableSetupError } from '../errors.ts';
import { EventWriter } from '../events/event-writer.ts';
import { type DurableRunContext, insideStep, runContext } from '../steps/run-context.ts';
import type { DurableTarget, DurableTargetSource } from './durable-target.ts';
import type { DurableRunInput, DurableRunRecord } from './run-record.ts';

/** What the workflow of one durable agent needs. */
export interface DurableDefinition {
  readonly name: string;
  readonly target: DurableTargetSource;
  readonly approval: ApprovalPolicy | undefined;
  readonly sessions: SessionStore | undefined;
}

/**
 * The body of a durable run, executed as a DBOS workflow (and executed
 * again, replaying its checkpoints, when another worker recovers it): builds
 * the agent's core Run with the durable run's id, a deterministic id source
 * and the absolute deadline, executes it, writes its events to the log, and
 * returns what it ended with as JSON.
 */
export async function executeDurableRun(
  definition: DurableDefinition,
  input: DurableRunInput,
  pool: pg.Pool,
): Promise<DurableRunRecord> {
  const runId = DBOS.workflowID;
  if (!runId) throw new DurableSetupError('a durable run executed outside a DBOS workflow');
  const writer = new EventWriter(pool, runId);
  let run: Run | undefined;
  let agentId = '';
  const ctx: DurableRunContext = {
    runId,
    counters: { run: 0, turn: 0, message: 0, 'tool-call': 0 },
    modelSteps: 0,
    cancel: () => run?.cancel(),
    abandon: () => {
      writer.stop();
      run?.cancel();
    },
    note: (name, data) => writer.push({ type: 'domain', agentId, turnId: '', name, data }, false),
    approval: definition.approval,
    approvals: Promise.resolve(),
  };
  return runContext.run(ctx, async () => {
    const target = await targetOf(definition.target);
    agentId = target.id;
    const unsubscribe = target.subscribe?.(seamCheck(ctx, target.id));
    const session =
      input.sessionId && definition.sessions
        ? { id: input.sessionId, store: definition.sessions }
        : undefined;
    run = target.createRun(input.input ?? undefined, {
      runId,
      // Always load one: a reused agent must not carry the previous run's conversation into this one.
      history: input.history
        ? History.parse(JSON.stringify(input.history))
        : session
          ? undefined
          : new History([]),
      ...(input.deadlineAt === undefined ? {} : { deadline: new Date(input.deadlineAt) }),
      ...(input.appContext === undefined ? {} : { appContext: input.appContext }),
      ...(session ? { session } : {}),
      observers: [(event: RunEvent) => writer.push(event, insideStep.getStore() === true)],
    });
    try {
      await run.execute();
    } finally {
      unsubscribe?.();
      // A target made for this run is this run's to close (an agent's MCP servers, its sandbox).
      if (typeof definition.target === 'function') await target.close?.().catch(() => {});
    }
    await writer.flush().catch((error: unknown) => {
      process.emitWarning(
        `durable run ${runId}: events not written: ${String(error)}`,
        'KodamaDurableWarning',
      );
    });
    return recordOf(runId, run);
  });
}

async function targetOf(source: DurableTargetSource): Promise<DurableTarget> {
  return typeof source === 'function' ? await source() : source;
}

/**
 * Fails the run early (a listener's exception ends the turn) when the agent
 * was not built with the durable seams: its turn ids would not replay and its
 * steps would not be checkpointed.
 */
function seamCheck(ctx: DurableRunContext, agentId: string): Listener {
  const hint =
    'build the agent with durableAgentOptions ({ stepRunner: durableStepRunner, ids: durableIds })';
  return {
    name: 'DurableSeamCheck',
    onEvent(event: AgentEvent) {
      if (event.agentId !== agentId || insideStep.getStore()) return;
      if (event.type === 'turn-start' && !event.turnId.startsWith(`${ctx.runId}:`)) {
        throw new DurableSetupError(`the agent draws its ids elsewhere, so a replay would differ: ${hint}`);
      }
      if (event.type === 'assistant' && ctx.modelSteps === 0) {
        throw new DurableSetupError(`the agent's model calls bypass the durable step runner: ${hint}`);
      }
    },
  };
}

function recordOf(runId: string, run: Run): DurableRunRecord {
  return {
    runId,
    outcome: run.outcome ?? 'failed',
    response: run.response,
    ...(run.output === undefined ? {} : { output: run.output }),
    ...(run.error === undefined ? {} : { error: errorInfo(run.error) }),
    usage: run.usage!,
    history: (run.history ?? new History([])).toJSON(),
    startedAt: run.startedAt ?? 0,
    endedAt: run.endedAt ?? 0,
  };
}

/** An error as data (core's `errorInfo` shape: class name, code, message). */
function errorInfo(error: unknown): ErrorInfo {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    name: typeof e.name === 'string' ? e.name : 'Error',
    code: typeof e.code === 'string' ? e.code : undefined,
    message: typeof e.message === 'string' ? e.message : String(error),
  };
}
