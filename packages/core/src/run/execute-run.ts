import type { TurnOptions } from '../agent/agent-options.ts';
import { CancelledError } from '../controls/cancellable.ts';
import { errorInfo } from '../errors/error-info.ts';
import type { History } from '../history/history.ts';
import type { Clock } from '../ids/clock.ts';
import type { Listener } from '../listeners/listener.ts';
import type { Content } from '../messages/content.ts';
import { outputSchema } from '../structured/output-schema.ts';
import { structuredAnswer } from '../structured/structured-answer.ts';
import type { Interjections } from './interjections.ts';
import { DeadlineExceededError } from './run-errors.ts';
import type { RunEvent, RunTerminalEvent } from './run-events.ts';
import { runListener } from './run-listener.ts';
import { type AskOptions, deadlineAt } from './run-options.ts';
import type { RunResources } from './run-resources.ts';
import { type OpenSession, openSession } from './run-session.ts';
import { type RunUsage, UsageMeter } from './run-usage.ts';
import { safeMessage } from './safe-message.ts';

/** What a Run needs of its agent (the `Agent` class implements it). */
export interface RunnableAgent {
  readonly id: string;
  readonly model: {
    readonly provider: string;
    readonly modelId: string;
    readonly supportsJsonSchema?: boolean;
  };
  turn(message: Content | undefined, options: TurnOptions): Promise<string>;
  subscribe(listener: Listener): () => void;
  loadHistory(history: History): number;
  exportHistory(): History;
}

/** How a Run ends. */
export type RunOutcome = 'completed' | 'failed' | 'partial' | 'cancelled';

/** Everything one execution works with. */
export interface RunWork {
  readonly runId: string;
  readonly agent: RunnableAgent;
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
  readonly startedAt: number;
  readonly endedAt: number;
}

// One Run at a time per agent: later ones wait (an agent holds one conversation).
const running = new WeakMap<RunnableAgent, Promise<unknown>>();

/** Executes one Run after the agent's previous Run has ended. */
export function executeRun(work: RunWork): Promise<RunEnd> {
  const previous = running.get(work.agent) ?? Promise.resolve();
  const done = previous.catch(() => {}).then(() => execute(work));
  running.set(work.agent, done);
  return done;
}

async function execute(work: RunWork): Promise<RunEnd> {
  const { agent, runId, clock, options, interjections } = work;
  const startedAt = clock.now();
  const meter = new UsageMeter(options.prices);
  let lastAnswer = '';
  work.emit({ type: 'run-start', runId, sessionId: options.session?.id, at: startedAt });
  const unsubscribe = agent.subscribe(
    runListener(agent.id, {
      runId,
      meter,
      includeAgentEvents: options.includeAgentEvents === true,
      emit: work.emit,
      observe: work.observe,
      own: (event) => {
        if (event.type === 'assistant') lastAnswer = event.text;
        work.emit(event);
        const delivered = interjections.observe(event);
        if (delivered > 0) work.emit({ type: 'interjection-delivered', runId, count: delivered });
      },
    }),
  );
  const stop = stopSignal(work.cancel, options.signal, deadlineAt(options.deadline, startedAt), clock);
  const { signal } = stop;
  let outcome: RunOutcome;
  let response = '';
  let output: unknown;
  let error: unknown;
  let session: OpenSession | undefined;
  const structured =
    options.output === undefined
      ? undefined
      : structuredAnswer(outputSchema(options.output), options.model ?? agent.model);
  try {
    interjections.open();
    session = options.session ? await openSession(agent, options.session) : undefined;
    if (!session && options.history) agent.loadHistory(options.history);
    await session?.save();
    const turn = {
      signal,
      interloper: interjections.interloper,
      appContext: options.appContext,
      ...(session ? { checkpoint: session.save } : {}),
      ...(structured ? { answerFormat: structured.format } : {}),
    };
    const answer = async (message: Content | undefined, turnOptions: TurnOptions): Promise<string> => {
      let text = await agent.turn(message, turnOptions);
      // An interjection that arrived during the final answer gets a turn of its own.
      while (interjections.pending > 0) text = await agent.turn(undefined, turn);
      return text;
    };
    response = await answer(work.input, options.model ? { ...turn, model: options.model } : turn);
    if (structured) ({ response, output } = await structured.settle(response, (m) => answer(m, turn)));
    await session?.save();
    outcome = 'completed';
  } catch (caught) {
    error = caught;
    const stopped = CancelledError.isInstance(caught);
    outcome = stopped && stop.deadlineHit ? 'partial' : stopped ? 'cancelled' : 'failed';
    response = outcome === 'partial' ? lastAnswer : '';
    if (outcome === 'partial') error = signal.reason;
    // Failed, cancelled and partial runs keep their completed steps (the turn repaired the conversation).
    await session?.save().catch(() => {});
  } finally {
    interjections.end();
    stop.dispose();
    unsubscribe();
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
  return { outcome, response, output, error, usage, history: agent.exportHistory(), startedAt, endedAt };
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
        type: 'run-stop',
        runId,
        outcome,
        response,
        ...(output === undefined ? {} : { output }),
        usage,
        at,
      };
    case 'partial':
      return { type: 'run-partial', runId, outcome, response, usage, at };
    case 'cancelled':
      return { type: 'run-cancel', runId, outcome, usage, at };
    case 'failed':
      return {
        type: 'run-error',
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (deadline !== undefined) {
    const fire = () => {
      if (controller.signal.aborted) return;
      deadlineHit = true;
      abort(new DeadlineExceededError(deadline));
    };
    const wait = deadline - clock.now();
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  }
  return {
    signal: controller.signal,
    get deadlineHit() {
      return deadlineHit;
    },
    dispose: () => {
      clearTimeout(timer);
      cancel.removeEventListener('abort', onCancel);
      caller?.removeEventListener('abort', onCaller);
    },
  };
}
