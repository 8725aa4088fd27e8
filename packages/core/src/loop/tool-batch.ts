import { CancelledError } from '../controls/cancellable.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { Emit, ToolResultStatus } from '../events/events.ts';
import type { ToolCall } from '../messages/message.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import { executeToolCall } from '../tool/execute-tool-call.ts';
import type { ToolContext } from '../tool/tool.ts';
import type { Conversation } from './conversation.ts';
import { answerOpenToolCalls, FAILED_SKIPPED_RESULT, failureText, repairWording } from './repair.ts';
import type { ParsedToolInput, StepRunner, ToolStepResult } from './step-runner.ts';

/** What a batch needs from its turn. */
export interface BatchConfig {
  readonly agentId: string;
  readonly turnId: string;
  readonly tools: ReadonlyMap<string, AnyTool>;
  readonly stepLimit: StepLimit | undefined;
  readonly toolFailures: 'raise' | 'observe';
  readonly maxResultTokens: number | undefined;
  readonly stepRunner: StepRunner;
  readonly emit: Emit;
  readonly signal: AbortSignal;
  /** Throws `CancelledError` when the turn was cancelled. */
  readonly checkCancelled: () => void;
  /** Builds the `CancelledError` to throw when the signal fires mid-wait. */
  readonly cancelledError: () => CancelledError;
}

/** A started call: its promise resolves with what the step runner returned plus the original exception. */
interface Running {
  readonly call: ToolCall;
  readonly done: Promise<{ step: ToolStepResult; error: unknown }>;
}

/**
 * Runs one batch of tool calls and answers each in the conversation, in model
 * order. Calls run concurrently unless a tool of the batch is `sequential`.
 * Before each call: a cancel check and a budget tick. On a budget trip no
 * further call starts; the started ones finish and are answered, then the
 * trip is thrown. A cancel stops waiting at once. A tool failure (policy
 * `raise`) is answered and thrown once the started siblings are answered.
 * Whatever unwinds the batch, every call is answered before the error
 * propagates (see `repair.ts` for the wording per cause).
 */
export async function runToolBatch(
  calls: readonly ToolCall[],
  inputs: readonly ParsedToolInput[],
  conversation: Conversation,
  config: BatchConfig,
): Promise<void> {
  const started = new Set<string>();
  const sequential = calls.some((c) => config.tools.get(c.name)?.sequential === true);
  const race = cancelRace(config);
  const running: Running[] = [];
  let failure: { error: unknown } | undefined;
  let stop: unknown;

  const settle = async (r: Running): Promise<void> => {
    const { step, error } = await race.wait(r.done);
    const status: ToolResultStatus = step.kind;
    conversation.appendToolResult(r.call, step.result);
    const { agentId } = config;
    config.emit({
      type: 'tool-result',
      agentId,
      toolCallId: r.call.id,
      name: r.call.name,
      content: step.result,
      status,
    });
    if (step.kind === 'failure' && config.toolFailures === 'raise') {
      failure ??= { error: error ?? new Error(String(step.result)) };
    }
  };

  try {
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      try {
        config.checkCancelled();
        config.stepLimit?.tick();
      } catch (e) {
        stop = e;
        break;
      }
      const { agentId } = config;
      config.emit({
        type: 'tool-call',
        agentId,
        toolCallId: call.id,
        name: call.name,
        arguments: call.arguments,
      });
      started.add(call.id);
      const r: Running = { call, done: startCall(call, inputs[i] ?? {}, config) };
      running.push(r);
      if (sequential) {
        await settle(r);
        if (failure) break;
      }
    }
    if (!sequential) for (const r of running) await settle(r);
    if (failure) throw failure.error;
    if (stop !== undefined) throw stop;
  } catch (cause) {
    // The failing call is answered already; the calls after it never started.
    const wording =
      failure !== undefined && cause === failure.error
        ? { first: FAILED_SKIPPED_RESULT, rest: FAILED_SKIPPED_RESULT }
        : repairWording(cause);
    const status = CancelledError.isInstance(cause) ? 'cancelled' : 'failure';
    answerOpenToolCalls(conversation, wording, started, config.emit, config.agentId, status);
    throw cause;
  } finally {
    race.dispose();
  }
}

function startCall(
  call: ToolCall,
  parsed: ParsedToolInput,
  config: BatchConfig,
): Promise<{ step: ToolStepResult; error: unknown }> {
  const idempotencyKey = `${config.turnId}:${call.id}`;
  let error: unknown;
  const run = async (): Promise<ToolStepResult> => {
    const tool = config.tools.get(call.name);
    if (!tool) {
      const names = [...config.tools.keys()].join(', ') || '(none)';
      return { kind: 'error', result: `Error: unknown tool "${call.name}". Available tools: ${names}` };
    }
    const context: ToolContext = {
      signal: config.signal,
      agentId: config.agentId,
      toolCallId: call.id,
      idempotencyKey,
      emit: (name, data) => config.emit({ type: 'domain', agentId: config.agentId, name, data }),
    };
    const outcome = await executeToolCall(tool, { ...call, ...parsed }, context, maxTokens(config));
    if (outcome.kind === 'failure') error = outcome.error;
    return { kind: outcome.kind, result: outcome.result };
  };
  const step = {
    kind: 'tool' as const,
    agentId: config.agentId,
    turnId: config.turnId,
    toolCallId: call.id,
    toolName: call.name,
    arguments: call.arguments,
    idempotencyKey,
  };
  const done = config.stepRunner.tool(step, run).then(
    (s) => ({ step: s, error }),
    // A step runner that throws is treated like a tool that threw.
    (e: unknown) => ({ step: { kind: 'failure' as const, result: failureText(e) }, error: e }),
  );
  return done;
}

function maxTokens(config: BatchConfig): { maxResultTokens?: number } {
  return config.maxResultTokens === undefined ? {} : { maxResultTokens: config.maxResultTokens };
}

/**
 * One abort listener per batch (not per call): `wait(p)` settles with `p`, or
 * rejects with the turn's `CancelledError` as soon as the signal fires.
 */
function cancelRace(config: BatchConfig): { wait<T>(p: Promise<T>): Promise<T>; dispose(): void } {
  const { signal } = config;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(config.cancelledError());
    else {
      onAbort = () => reject(config.cancelledError());
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  aborted.catch(() => {}); // observed through wait(); never an unhandled rejection
  return {
    wait: (p) => Promise.race([p, aborted]),
    dispose: () => {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    },
  };
}
