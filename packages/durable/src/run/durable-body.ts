import {
  type AskOptions,
  CancelledError,
  type Content,
  DeadlineExceededError,
  History,
  type Run,
  type RunEvent,
} from '@kodama/core';
import { createRunOf, isTerminalEvent, type RunBody } from '@kodama/core/run';
import type { DurableRuns } from '../client/durable-runs.ts';
import type { DurableRun } from './durable-run.ts';
import type { DurableRunInput } from './run-record.ts';

/** What a local Run of a durable run needs of its durable agent. */
export interface DurableBodyHost {
  readonly name: string;
  /** Starts (or attaches to) the durable run `runId`. */
  begin(runId: string, input: DurableRunInput): Promise<void>;
  /** Waits for its end. */
  result(runId: string): Promise<DurableRun>;
  runs(): Promise<DurableRuns>;
}

/** Options of a durable ask beyond core's (everything crosses the database as JSON). */
export interface DurableRunExtras {
  /** A session id of the worker's `sessions` store to continue. */
  readonly session?: string;
}

/**
 * A core {@link Run} whose work is a durable run: the Run's id is the durable
 * run's id; its events are read back from the run's event log as the worker
 * writes them (so the stream shows what any follower sees); cancelling the
 * Run cancels the durable run wherever it executes; its deadline travels as
 * an absolute time and ends the durable run `partial`; its usage and
 * conversation are the durable run's.
 */
export function durableRunOf(
  host: DurableBodyHost,
  input: Content | undefined,
  options: AskOptions,
  extras: DurableRunExtras = {},
): Run {
  let history = new History([]);
  const conversation = {
    model: { provider: 'kodama', modelId: `durable:${host.name}` },
    loadHistory: (h: History) => {
      history = h;
      return h.messages.length;
    },
    exportHistory: () => history,
  };
  const body: RunBody = {
    conversation,
    execute: async (ctx) => {
      const runId = ctx.runId;
      await host.begin(runId, {
        input: ctx.input ?? null,
        ...(history.messages.length > 0 ? { history: history.toJSON() } : {}),
        ...(ctx.deadline === undefined ? {} : { deadlineAt: ctx.deadline }),
        ...(ctx.options.appContext === undefined ? {} : { appContext: ctx.options.appContext }),
        ...(extras.session ? { sessionId: extras.session } : {}),
      });
      const runs = await host.runs();
      const following = new AbortController();
      const nested = ctx.options.includeAgentEvents === true;
      const forward = (async () => {
        for await (const event of runs.events(runId, { signal: following.signal })) {
          if (event.type === 'run-start' || isTerminalEvent(event)) continue;
          if (event.type === 'agent-stream' && !nested) ctx.observe?.(event);
          else ctx.emit(event as RunEvent);
        }
      })();
      // A cancel stops the durable run everywhere; the deadline ends it there by itself (partial).
      const onAbort = () => {
        if (!DeadlineExceededError.isInstance(ctx.signal.reason)) void runs.cancel(runId).catch(() => {});
      };
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      let run: DurableRun;
      try {
        run = await host.result(runId);
      } finally {
        ctx.signal.removeEventListener('abort', onAbort);
      }
      await forward.catch(() => {});
      following.abort();
      ctx.usage.addUsage(run.usage);
      if (run.history.messages.length > 0) conversation.loadHistory(run.history);
      switch (run.outcome) {
        case 'completed':
          return { response: run.response, ...(run.output === undefined ? {} : { output: run.output }) };
        case 'partial':
          ctx.answered(run.response);
          throw new DeadlineExceededError(ctx.deadline ?? run.endedAt);
        case 'cancelled':
          throw new CancelledError({ cause: run.error });
        case 'failed':
          throw run.error;
      }
    },
  };
  return createRunOf(body, input, options);
}
