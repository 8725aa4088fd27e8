/**
 * @kodama/durable: agent runs that survive their process, as DBOS workflows
 * on PostgreSQL. Every model call and tool execution is a checkpointed step;
 * runs queue for workers, recover on another worker after a crash, wait
 * durably for a person's approval, and leave an event log any process can
 * follow or replay. Sessions can live in the same database.
 */
export { durableAgentOptions } from './agent-options.ts';
export type { ApprovalAnswer, PendingApproval } from './approval/approval-messages.ts';
export type { ApprovalOptions } from './approval/approval-policy.ts';
export { type DurableRunStatus, DurableRuns, type DurableRunsOptions } from './client/durable-runs.ts';
export { DATABASE_URL_ENV, databaseUrl, START_POSTGRES_HINT } from './database-url.ts';
export {
  DurableAgent,
  type DurableAskOptions,
  type DurableOptions,
  durable,
} from './durable-agent.ts';
export {
  DurableRunError,
  DurableRunNotFoundError,
  DurableSetupError,
  NoPendingApprovalError,
} from './errors.ts';
export type { ReadEventsOptions } from './events/event-reader.ts';
export { type DurableBodyHost, type DurableRunExtras, durableRunOf } from './run/durable-body.ts';
export { DurableRun } from './run/durable-run.ts';
export type { DurableTarget, DurableTargetSource } from './run/durable-target.ts';
export type { DurableRunInput, DurableRunRecord } from './run/run-record.ts';
export { PostgresSessionStore, type PostgresSessionStoreOptions } from './session/postgres-session-store.ts';
export { durableIds } from './steps/durable-ids.ts';
export { durableStepRunner } from './steps/durable-step-runner.ts';
export { shutdownDurable, startWorker, type Worker, type WorkerOptions } from './worker.ts';
