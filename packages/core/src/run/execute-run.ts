import { type Artifact, ArtifactScope } from '../artifacts/artifact-scope.ts';
import { InMemoryArtifactStore } from '../artifacts/artifact-store.ts';
import { CancelledError } from '../controls/cancellable.ts';
import { errorInfo } from '../errors/error-info.ts';
import type { History } from '../history/history.ts';
import type { Clock } from '../ids/clock.ts';
import type { Content } from '../messages/content.ts';
import type { Interjections } from './interjections.ts';
import { startLongTimer } from './long-timer.ts';
import type { RunBody, RunBodyContext } from './run-body.ts';
import { DeadlineExceededError } from './run-errors.ts';
import type { RunEvent, RunTerminalEvent } from './run-events.ts';
import { type AskOptions, deadlineAt } from './run-options.ts';
import type { RunResources } from './run-resources.ts';
import { type OpenSession, openSession } from './run-session.ts';
import { type RunUsage, UsageMeter } from './run-usage.ts';
import { safeMessage } from './safe-message.ts';

export type { RunnableAgent } from './agent-body.ts';

/** How a Run ends. */
export type RunOutcome = 'completed' | 'failed' | 'partial' | 'cancelled';

/** Everything one execution works with. */
export interface RunWork {
  readonly runId: string;
  readonly body: RunBody;
  readonly input: Content | undefined;
  readonly options: AskOptions;
  readonly clock: Clock;
  readonly resources: RunResources;
  readonly interjections: Interjections;
  /** Aborted by `run.cancel()`. */
  readonly cancel: AbortSignal;
  /** Every event the Run publishes: to the stream (when streamed) and to the observers. */
  readonly emit: (event: RunEvent) => void;
  /** The observers alone (nested agents' events when the stream does not carry them); absent without observers. */
  readonly observe: ((event: RunEvent) => void) | undefined;
  /** True when a caller reads the events as they happen (`run.stream()`). */
  readonly streamed: boolean;
}

/** What an execution produced. */
export interface RunEnd {
  readonly outcome: RunOutcome;
  readonly response: string;
  /** The validated structured answer (a Run with an output schema that completed), else `undefined`. */
  readonly output: unknown;
  readonly error: unknown;
  readonly usage: RunUsage;
  readonly history: History;
  /** What the Run stored as artifacts (large tool results, images), oldest first. */
  readonly artifacts: readonly Artifact[];
  readonly startedAt: number;
  readonly endedAt: number;
}

// One Run at a time per exclusive key (an agent holds one conversation): later ones wait.
const running = new WeakMap<object, Promise<unknown>>();

/** Executes one Run after the previous Run on the same body's exclusive key has ended. */
export function executeRun(work: RunWork): Promise<RunEnd> {
  const key = work.body.exclusive;
  if (key === undefined) return execute(work);
  const previous = running.get(key) ?? Promise.resolve();
  const done = previous.catch(() => {}).then(() => execute(work));
  running.set(key, done);
  return done;
}

/**
 * The Run's shell around its body: `run-start`, the stop signal (cancel,
 * caller's signal, deadline), the session, the outcome, the resources closed
 * in reverse, the usage and the one terminal event.
 */
async function execute(work: RunWork): Promise<RunEnd> {
  const { body, runId, clock, options, interjections } = work;
  const { conversation } = body;
  const startedAt = clock.now();
  const meter = new UsageMeter(options.prices);
  let lastAnswer = '';
  work.emit({ type: 'run-start', runId, sessionId: options.session?.id, at: startedAt });
  const deadline = deadlineAt(options.deadline, startedAt);
  const stop = stopSignal(work.cancel, options.signal, deadline, clock);
  const { signal } = stop;
  let outcome: RunOutcome;
  let response = '';
  let output: unknown;
  let error: unknown;
  let session: OpenSession | undefined;
  const { session: sessionOption } = options;
  // The session's folder when its store keeps artifacts, else memory (they end with the Run).
  const store = sessionOption?.store.artifacts?.(sessionOption.id) ?? new InMemoryArtifactStore();
  const artifacts = new ArtifactScope(store, () => clock.now());
  const ctx: RunBodyContext = {
    runId,
    input: work.input,
    options,
    clock,
    startedAt,
    signal,
    deadline,
    emit: work.emit,
    observe: work.observe,
    streamed: work.streamed,
    usage: meter,
    artifacts,
    interjections,
    register: (resource) => work.resources.register(resource),
    once: (key, fn) => work.resources.once(key, fn),
    answered: (text) => {
      lastAnswer = text;
    },
    checkpoint: () => session?.save() ?? Promise.resolve(),
  };
  const detach = body.attach?.(ctx);
  try {
    interjections.open();
    session = options.session ? await openSession(conversation, options.session) : undefined;
    if (!session && options.history) conversation.loadHistory(options.history);
    await session?.save();
    ({ response, output } = await body.execute(ctx));
    await session?.save();
    outcome = 'completed';
  } catch (caught) {
    error = caught;
    const stopped = CancelledError.isInstance(caught);
    const deadlineHit = (stopped && stop.deadlineHit) || DeadlineExceededError.isInstance(caught);
    outcome = deadlineHit ? 'partial' : stopped ? 'cancelled' : 'failed';
    response = outcome === 'partial' ? lastAnswer : '';
    output = undefined;
    if (outcome === 'partial' && stop.deadlineHit) error = signal.reason;
    // Failed, cancelled and partial runs keep their completed steps (the turn repaired the conversation).
    await session?.save().catch(() => {});
  } finally {
    interjections.end();
    stop.dispose();
    detach?.();
  }
  const cleanupErrors = await work.resources.close();
  const cleanupFailed = cleanupErrors.length > 0 && outcome === 'completed';
  if (cleanupFailed) {
    outcome = 'failed';
    response = '';
    output = undefined;
    error = cleanupErrors[0];
  }
  const endedAt = clock.now();
  const usage = meter.usage;
  await session?.finish({ runId, outcome, startedAt, endedAt, usage, error });
  work.emit(terminalEvent(runId, outcome, { response, output }, error, usage, endedAt, cleanupFailed));
  const history = conversation.exportHistory();
  return {
    outcome,
    response,
    output,
    error,
    usage,
    history,
    artifacts: artifacts.artifacts,
    startedAt,
    endedAt,
  };
}
function terminalEvent(
  runId: string,
  outcome: RunOutcome,
  { response, output }: { response: string; output: unknown },
  error: unknown,
  usage: RunUsage,
  at: number,
  cleanupFailed: boolean,
): RunTerminalEvent {
  switch (outcome) {
    case 'completed':
      return {
        type: 'run-end',
        runId,
        outcome,
        response,
        ...(output === undefined ? {} : { output }),
        usage,
        at,
      };
    case 'partial':
      return { type: 'run-end', runId, outcome, response, usage, at };
    case 'cancelled':
      return { type: 'run-end', runId, outcome, usage, at };
    case 'failed':
      return {
        type: 'run-end',
        runId,
        outcome,
        message: safeMessage(error),
        error: errorInfo(error),
        cleanupFailed,
        usage,
        at,
      };
  }
}

/**
 * The one signal that stops a Run's turns: `run.cancel()`, the caller's
 * signal, or the deadline (aborting with a {@link DeadlineExceededError}),
 * whichever comes first. One controller and plain listeners rather than
 * `AbortSignal.any`, which costs more per Run under heavy concurrency.
 */
function stopSignal(
  cancel: AbortSignal,
  caller: AbortSignal | undefined,
  deadline: number | undefined,
  clock: Clock,
): { readonly signal: AbortSignal; readonly deadlineHit: boolean; dispose(): void } {
  const controller = new AbortController();
  let deadlineHit = false;
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onCancel = () => abort(cancel.reason);
  const onCaller = () => abort(caller?.reason);
  cancel.addEventListener('abort', onCancel, { once: true });
  caller?.addEventListener('abort', onCaller, { once: true });
  if (caller?.aborted) onCaller();
  let cancelTimer: (() => void) | undefined;
  if (deadline !== undefined) {
    const fire = () => {
      if (controller.signal.aborted) return;
      deadlineHit = true;
      abort(new DeadlineExceededError(deadline));
    };
    const wait = deadline - clock.now();
    if (wait <= 0) fire();
    else cancelTimer = startLongTimer(fire, wait); // a deadline weeks away must not fire at once
  }
  return {
    signal: controller.signal,
    get deadlineHit() {
      return deadlineHit;
    },
    dispose: () => {
      cancelTimer?.();
      cancel.removeEventListener('abort', onCancel);
      caller?.removeEventListener('abort', onCaller);
    },
  };
}
