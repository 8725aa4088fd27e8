import { keepLargeResult, type PendingAttachment } from '../artifacts/artifact-result.ts';
import type { ArtifactBatch } from '../artifacts/artifact-scope.ts';
import { CancelledError } from '../controls/cancellable.ts';
import { StepLimitExceeded } from '../controls/step-limit.ts';
import { toolCallHooks } from '../extensions/hooks.ts';
import type { Content } from '../messages/content.ts';
import type { ToolCall } from '../messages/message.ts';
import { taintCheck } from '../taint/taint-check.ts';
import { callLegs } from '../tool/call-legs.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import { executeToolCall } from '../tool/execute-tool-call.ts';
import { failureText } from '../tool/failure-text.ts';
import { parseArguments } from '../tool/parse-arguments.ts';
import type { ToolContext } from '../tool/tool.ts';
import type { ToolStatus } from '../tool/tool-status.ts';
import { DEFAULT_MAX_RESULT_TOKENS, truncateResult } from '../tool/truncate-result.ts';
import { UnknownToolError } from '../tool/unknown-tool-error.ts';
import { repeatWarning } from '../tool-loop/repeat-warning.ts';
import { ToolLoopError } from '../tool-loop/tool-loop-error.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';
import { FAILED_SKIPPED_RESULT, type RepairWording, repairWording } from './repair.ts';
import type { ParsedToolInput, ToolStepResult } from './step-runner.ts';
import type { ToolTable } from './tool-table.ts';
import type { TurnContext } from './turn-context.ts';

/** A call that ended: what the step runner returned, plus the exception a failure came from. */
interface Settled {
  readonly index: number;
  readonly step: ToolStepResult;
  readonly error: unknown;
  /** The result's taint, recorded on its history message (see `HistoryMessage.taint`). */
  readonly taint: readonly string[] | undefined;
  /** What the answer reads if the batch is rolled back (its artifacts removed); absent: it stored none. */
  readonly rolledBack?: Content;
  /** Images its result stored, for the next request. */
  readonly attachments?: readonly PendingAttachment[];
}

/**
 * Runs one batch of tool calls. Announces every call (`tool-call`, model
 * order), then starts them: before each, the tool-loop guard (a call
 * repeated too often is answered with a warning instead, or ends the turn
 * with `ToolLoopError`), a cancel check and a budget tick, then `tool-start`. Calls run concurrently unless a tool of the batch is
 * `sequential`; each reports `tool-result` as it finishes (completion order).
 * On a budget trip no further call starts; the started ones finish and are
 * answered, then the trip is thrown. A cancel stops waiting at once. A tool
 * failure (policy `raise`) is thrown once the started siblings are answered.
 * Whatever unwinds the batch, the conversation ends up answering every call,
 * in model order (see `repair.ts` for the wording per cause), before the
 * error propagates.
 */
export async function runToolBatch(
  calls: readonly ToolCall[],
  inputs: readonly ParsedToolInput[],
  tools: ToolTable,
  ctx: TurnContext,
): Promise<void> {
  const { agentId, turnId } = ctx.settings;
  const { emit, signal } = ctx.io;
  const answers: (Settled | undefined)[] = calls.map(() => undefined);
  const started: boolean[] = calls.map(() => false);
  let failure: { error: unknown } | undefined;
  let unwound: { cause: unknown } | undefined;

  const finish = (s: Settled): void => {
    answers[s.index] = s;
    const call = calls[s.index]!;
    emit({
      type: 'tool-result',
      agentId,
      turnId,
      index: s.index,
      toolCallId: call.id,
      name: call.name,
      content: s.step.result,
      status: s.step.kind,
    });
    if (s.step.kind === 'failure' && ctx.settings.toolFailures === 'raise') {
      failure ??= { error: s.error ?? new Error(String(s.step.result)) };
    }
  };

  const artifacts = ctx.state.artifacts?.scope.batch();
  const race = cancelRace(signal);
  try {
    for (let i = 0; i < calls.length; i++) {
      const { id, name } = calls[i]!;
      emit({
        type: 'tool-call',
        agentId,
        turnId,
        index: i,
        toolCallId: id,
        name,
        arguments: calls[i]!.arguments,
      });
    }
    const { extensionContext } = ctx.io;
    if (extensionContext)
      toolCallHooks(ctx.settings.extensions, extensionContext, calls, inputs, (n) => tools.byName.get(n));
    const sequential = calls.some((c) => tools.byName.get(c.name)?.sequential === true);
    const pending = new Map<number, Promise<Settled>>();
    // Identical calls of this batch count once (see ToolLoopGuard.observeBatch).
    const verdicts = ctx.state.toolLoop?.observeBatch(calls);
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      const { verdict, streak } = verdicts?.[i] ?? { verdict: 'ok', streak: 0 };
      if (verdict === 'warn') {
        // Not run: the model reads that it is repeating itself instead.
        const result = repeatWarning(call.name, streak);
        const taint = notRunTaint(tools.byName.get(call.name));
        finish({ index: i, step: { kind: 'error', result }, error: undefined, taint });
        continue;
      }
      try {
        if (verdict === 'stop') throw new ToolLoopError(call.name, streak);
        if (signal.aborted) throw new CancelledError({ cause: signal.reason });
        ctx.state.stepLimit?.tick();
      } catch (e) {
        unwound = { cause: e };
        break;
      }
      emit({ type: 'tool-start', agentId, turnId, index: i, toolCallId: call.id, name: call.name });
      started[i] = true;
      const done = startCall(i, call, inputs[i] ?? {}, tools, ctx, artifacts);
      if (sequential) {
        finish(await race.wait(done));
        if (failure) break;
      } else pending.set(i, done);
    }
    while (pending.size > 0) {
      const s = await race.wait(Promise.race(pending.values()));
      pending.delete(s.index);
      finish(s);
    }
    if (failure) unwound = { cause: failure.error };
  } catch (cause) {
    unwound = { cause };
  } finally {
    race.dispose();
  }
  if (artifacts) await settleArtifacts(calls, artifacts, answers, unwound !== undefined, ctx);
  record(calls, answers, started, unwound, failure, tools, ctx);
  if (unwound) throw unwound.cause;
}

/**
 * A batch that unwound (cancelled, failed) keeps none of its artifacts: they
 * are removed, with any a call still running stores later, and the answers
 * that named them read what was discarded instead. A batch that ended well
 * hands its images to the next request.
 */
async function settleArtifacts(
  calls: readonly ToolCall[],
  batch: ArtifactBatch,
  answers: (Settled | undefined)[],
  unwound: boolean,
  ctx: TurnContext,
): Promise<void> {
  if (unwound) {
    await batch.rollback().catch(() => {}); // the batch's own cause is what propagates
    answers.forEach((a, i) => {
      if (a?.rolledBack !== undefined)
        answers[i] = { ...a, step: { kind: a.step.kind, result: a.rolledBack } };
    });
    return;
  }
  const pending = ctx.state.artifacts?.pending;
  answers.forEach((a, i) => {
    if (a?.attachments && a.attachments.length > 0) pending?.set(calls[i]!.id, a.attachments);
  });
}

/**
 * Appends the batch's answers in model order. A call without an answer gets
 * the repair wording of what unwound the batch, and its `tool-result` event.
 */
function record(
  calls: readonly ToolCall[],
  answers: readonly (Settled | undefined)[],
  started: readonly boolean[],
  unwound: { cause: unknown } | undefined,
  failure: { error: unknown } | undefined,
  tools: ToolTable,
  ctx: TurnContext,
): void {
  const cause = unwound?.cause;
  const failed = failure !== undefined && cause === failure.error;
  // The failing call is answered already; the calls after it never started.
  const wording: RepairWording = failed
    ? { first: FAILED_SKIPPED_RESULT, rest: FAILED_SKIPPED_RESULT }
    : repairWording(cause);
  const firstStatus: ToolStatus = CancelledError.isInstance(cause)
    ? 'cancelled'
    : failed || StepLimitExceeded.isInstance(cause)
      ? 'skipped'
      : 'failure';
  const { conversation } = ctx.state;
  const { agentId, turnId } = ctx.settings;
  let firstOpen = true;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    const answer = answers[i];
    if (answer) {
      conversation.appendToolResult(call, answer.step.result, answer.taint);
      continue;
    }
    const asFirst = started[i] || firstOpen;
    firstOpen = false;
    const content = asFirst ? wording.first : wording.rest;
    const status = asFirst ? firstStatus : 'skipped';
    conversation.appendToolResult(call, content, notRunTaint(tools.byName.get(call.name)));
    ctx.io.emit({
      type: 'tool-result',
      agentId,
      turnId,
      index: i,
      toolCallId: call.id,
      name: call.name,
      content,
      status,
    });
  }
}

function startCall(
  index: number,
  call: ToolCall,
  parsed: ParsedToolInput,
  tools: ToolTable,
  ctx: TurnContext,
  artifacts: ArtifactBatch | undefined,
): Promise<Settled> {
  const { agentId, turnId, taintGate: gate, appContext, maxResultTokens } = ctx.settings;
  const { signal, emit, subAgentListeners } = ctx.io;
  const idempotencyKey = `${turnId}:${call.id}`;
  let error: unknown;
  const tool = tools.byName.get(call.name);
  // Judged from the arguments before the step, so a replayed step is judged the same way.
  const legs = tool ? callLegs(tool, { ...call, ...parsed }) : undefined;
  // Whether the tool was started; true unless run() says otherwise (a replayed step did run).
  let ran = true;
  const run = async (): Promise<ToolStepResult> => {
    if (!tool || !legs) {
      ran = false;
      return { kind: 'error', result: `Error: ${new UnknownToolError(call.name, tools.names()).message}` };
    }
    const messages = ctx.state.conversation.entries;
    const input = { agentId, tools: tools.byName, messages, gate, signal };
    const refused = await taintCheck(tool, call, await legs, input);
    if (refused !== undefined) {
      ran = false;
      return { kind: 'error', result: refused };
    }
    const context: ToolContext = {
      signal,
      agentId,
      toolCallId: call.id,
      idempotencyKey,
      appContext,
      emit: (name, data) => emit({ type: 'domain', agentId, turnId, name, data }),
      subAgentListeners,
    };
    // With artifacts, a successful result comes back whole: a large one is stored below, not cut.
    const options = {
      ...(maxResultTokens === undefined ? {} : { maxResultTokens }),
      ...(artifacts ? { keepWhole: true } : {}),
    };
    const outcome = await executeToolCall(tool, { ...call, ...parsed }, context, options);
    if (outcome.kind === 'failure') error = outcome.error;
    return { kind: outcome.kind, result: outcome.result };
  };
  const step = {
    kind: 'tool' as const,
    agentId,
    turnId,
    toolCallId: call.id,
    toolName: call.name,
    arguments: call.arguments,
    idempotencyKey,
  };
  const taint = async () =>
    ran && tool && legs ? ranTaint(tool, await legs, await relayed(tool, call, parsed)) : notRunTaint(tool);
  return ctx.io.stepRunner.tool(step, run).then(
    async (s) => {
      const settled = { index, step: s, error, taint: await taint() };
      const turnArtifacts = ctx.state.artifacts;
      if (!artifacts || !turnArtifacts || s.kind !== 'ok') return settled;
      const source = { toolName: call.name, toolCallId: call.id, taint: settled.taint };
      const kept = await keepLargeResult(s.result, source, artifacts, turnArtifacts.settings);
      if (!kept) return { ...settled, step: { kind: s.kind, result: clipped(s.result, maxResultTokens) } };
      return {
        ...settled,
        step: { kind: kept.kind, result: kept.content },
        ...(kept.rolledBack === undefined ? {} : { rolledBack: kept.rolledBack }),
        attachments: kept.attachments,
      };
    },
    // A step runner that throws is treated like a tool that threw.
    async (e: unknown) => ({
      index,
      step: { kind: 'failure' as const, result: failureText(e) },
      error: e,
      taint: await taint(),
    }),
  );
}

/**
 * The taint of a result of a call that ran: its tool's name when the call's
 * legs bring untrusted content in, else `[]` for a tool that declares
 * untrusted input (so the result is not judged by the declaration when the
 * conversation is loaded again), else none.
 */
function ranTaint(
  tool: AnyTool,
  legs: TrifectaLegs,
  relayedTaint: readonly string[] | undefined,
): readonly string[] | undefined {
  const own = legs.untrusted !== 'none' ? [tool.name] : notRunTaint(tool);
  if (relayedTaint === undefined || relayedTaint.length === 0) return own;
  return [...new Set([...(own ?? []), ...relayedTaint])];
}

/** The taint a call relays from content that entered earlier (`Tool.relayedTaint`); a failure counts as none. */
async function relayed(
  tool: AnyTool,
  call: ToolCall,
  parsed: ParsedToolInput,
): Promise<readonly string[] | undefined> {
  if (!tool.relayedTaint) return undefined;
  try {
    const input = parseArguments({ ...call, ...parsed });
    if (!input.ok) return undefined;
    const valid = tool.parameters.validate(input.input);
    return valid.ok ? await tool.relayedTaint(valid.value) : undefined;
  } catch {
    return undefined;
  }
}

/** A small result under the agent's own budget, as `executeToolCall` would have cut it without artifacts. */
function clipped(result: Content, maxResultTokens: number | undefined): Content {
  return truncateResult(result, maxResultTokens ?? DEFAULT_MAX_RESULT_TOKENS);
}

/** The taint of an answer the tool did not produce (refused, repaired, unknown tool): nothing came in. */
function notRunTaint(tool: AnyTool | undefined): readonly string[] | undefined {
  return tool !== undefined && tool.trifectaLegs.untrusted !== 'none' ? [] : undefined;
}

/**
 * One abort listener per batch (not per call): `wait(p)` settles with `p`, or
 * rejects with a `CancelledError` as soon as the turn's signal fires.
 */
function cancelRace(signal: AbortSignal): { wait<T>(p: Promise<T>): Promise<T>; dispose(): void } {
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(new CancelledError({ cause: signal.reason }));
    else {
      onAbort = () => reject(new CancelledError({ cause: signal.reason }));
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
