import type { TurnOptions } from '../agent/agent-options.ts';
import { CancelledError } from '../controls/cancellable.ts';
import { errorInfo } from '../errors/error-info.ts';
import type { AgentEvent } from '../events/events.ts';
import type { History } from '../history/history.ts';
import type { Clock } from '../ids/clock.ts';
import type { Listener } from '../listeners/listener.ts';
import type { Content } from '../messages/content.ts';
import type { Interjections } from './interjections.ts';
import { DeadlineExceededError } from './run-errors.ts';
import type { RunEvent, RunTerminalEvent } from './run-events.ts';
import { type AskOptions, deadlineAt } from './run-options.ts';
import type { RunResources } from './run-resources.ts';
import { type RunUsage, UsageMeter } from './run-usage.ts';
import { safeMessage } from './safe-message.ts';

/** What a Run needs of its agent (the `Agent` class implements it). */
export interface RunnableAgent {
  readonly id: string;
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
  readonly emit: (event: RunEvent) => void;
}

/** What an execution produced. */
export interface RunEnd {
  readonly outcome: RunOutcome;
  readonly response: string;
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
  work.emit({ type: 'run-start', runId, sessionId: undefined, at: startedAt });
  const unsubscribe = agent.subscribe({
    name: 'Run',
    onEvent: (event: AgentEvent) => {
      if (event.type === 'tokens') meter.add(event);
      if (event.agentId !== agent.id) {
        if (options.includeAgentEvents) {
          const source = { agentId: event.agentId, path: `/${event.agentId}`, parentOperationId: runId };
          work.emit({ type: 'agent-stream', runId, source, event });
        }
        return;
      }
      if (event.type === 'assistant') lastAnswer = event.text;
      work.emit(event);
      const delivered = interjections.observe(event);
      if (delivered > 0) work.emit({ type: 'interjection-delivered', runId, count: delivered });
    },
  });
  const deadline = startDeadline(deadlineAt(options.deadline, startedAt), clock);
  const signals = [work.cancel, deadline.signal, ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  let outcome: RunOutcome;
  let response = '';
  let error: unknown;
  try {
    interjections.open();
    if (options.history) agent.loadHistory(options.history);
    const turn = { signal, interloper: interjections.interloper, appContext: options.appContext };
    response = await agent.turn(work.input, options.model ? { ...turn, model: options.model } : turn);
    // An interjection that arrived during the final answer gets a turn of its own.
    while (interjections.pending > 0) response = await agent.turn(undefined, turn);
    outcome = 'completed';
  } catch (caught) {
    error = caught;
    const stopped = CancelledError.isInstance(caught);
    outcome = stopped && deadline.hit ? 'partial' : stopped ? 'cancelled' : 'failed';
    response = outcome === 'partial' ? lastAnswer : '';
    if (outcome === 'partial') error = deadline.error;
  } finally {
    interjections.end();
    deadline.clear();
    unsubscribe();
  }
  const cleanupErrors = await work.resources.close();
  const cleanupFailed = cleanupErrors.length > 0 && outcome === 'completed';
  if (cleanupFailed) {
    outcome = 'failed';
    response = '';
    error = cleanupErrors[0];
  }
  const endedAt = clock.now();
  const usage = meter.usage;
  work.emit(terminalEvent(runId, outcome, response, error, usage, endedAt, cleanupFailed));
  return { outcome, response, error, usage, history: agent.exportHistory(), startedAt, endedAt };
}

function terminalEvent(
  runId: string,
  outcome: RunOutcome,
  response: string,
  error: unknown,
  usage: RunUsage,
  at: number,
  cleanupFailed: boolean,
): RunTerminalEvent {
  switch (outcome) {
    case 'completed':
      return { type: 'run-stop', runId, outcome, response, usage, at };
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

/** A timer that aborts its signal with a {@link DeadlineExceededError} at `at` (never, when absent). */
function startDeadline(
  at: number | undefined,
  clock: Clock,
): { signal: AbortSignal; readonly hit: boolean; readonly error: unknown; clear(): void } {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state = {
    signal: controller.signal,
    get hit() {
      return controller.signal.aborted;
    },
    get error() {
      return controller.signal.reason;
    },
    clear: () => clearTimeout(timer),
  };
  if (at === undefined) return state;
  const fire = () => controller.abort(new DeadlineExceededError(at));
  const wait = at - clock.now();
  if (wait <= 0) fire();
  else timer = setTimeout(fire, wait);
  return state;
}
