import { withAttachments } from '../artifacts/turn-artifacts.ts';
import { isContextOverflow } from '../compaction/is-context-overflow.ts';
import { shouldCompact } from '../compaction/should-compact.ts';
import { CancelledError } from '../controls/cancellable.ts';
import { StepLimitExceeded } from '../controls/step-limit.ts';
import { userMessageInjections } from '../extensions/hooks.ts';
import type { Content } from '../messages/content.ts';
import { modelCapabilities } from '../model/model-capabilities.ts';
import type { ModelRequest } from '../model/model-request.ts';
import { answerCall, withAnswerFormat, withAnswerTool } from './answer-format.ts';
import { compactConversation } from './compact.ts';
import { EmptyTurnError, needsAMessage } from './empty-turn-error.ts';
import { DuplicateToolCallIdError, OutputTruncatedError } from './model-errors.ts';
import {
  duplicateToolCallId,
  narrateResponse,
  narrateTokens,
  streamModelRound,
  turnRound,
} from './model-round.ts';
import { answerOpenToolCalls, repairWording } from './repair.ts';
import type { InputStep, ModelStepResult } from './step-runner.ts';
import { runSynthesizer } from './synthesizer.ts';
import { runToolBatch } from './tool-batch.ts';
import type { ToolTable } from './tool-table.ts';
import type { TurnContext } from './turn-context.ts';

/** How a turn ended normally. */
export interface TurnResult {
  /** The final answer text ('' when the model said nothing). */
  readonly answer: string;
  /** True when the step budget ran out and the synthesizer answered. */
  readonly synthesized: boolean;
}

function isBlank(content: Content | undefined): boolean {
  if (content === undefined) return true;
  return typeof content === 'string' ? content.trim() === '' : content.length === 0;
}

/**
 * Runs one turn: the Thought / Tool-call / Observation loop until the model
 * answers without tool calls. Holds no state of its own: everything it works
 * with is in `ctx` (`ctx.state` holds the parts it changes), everything it
 * says goes through `ctx.io.emit`, and `ctx.io.signal` is the cancel.
 * Whatever unwinds it, the conversation is left sendable (every tool call
 * answered, no partial response appended).
 */
export async function runTurn(ctx: TurnContext): Promise<TurnResult> {
  const { settings, io } = ctx;
  const { model, agentId, turnId, answerFormat } = settings;
  const { emit, signal } = io;
  const { conversation } = ctx.state;
  const inputs = { count: 0 };
  try {
    await deliverInjections(ctx, inputs);
    const blank = isBlank(settings.userMessage);
    if (blank && conversation.length === 0 && needsAMessage(model.provider))
      throw new EmptyTurnError(model.provider);
    if (!blank) await appendUserMessage(ctx, settings.userMessage!, inputs);
    await io.checkpoint?.();
    let index = 0;
    const nextIndex = () => index++;
    for (;;) {
      if (signal.aborted) throw new CancelledError({ cause: signal.reason });
      if (settings.compaction && shouldCompact(compactionCheck(ctx)))
        await compactConversation(ctx, 'threshold', nextIndex);
      const tools = withAnswerTool(settings.tools.current(), answerFormat);
      const result = await respond(ctx, tools, nextIndex);
      const { message, usage, finishReason } = result;
      const truncated =
        finishReason === 'length' && message.toolCalls.length === 0 && !settings.acceptTruncated;
      if (!truncated && (message.text !== '' || message.toolCalls.length > 0))
        conversation.appendAssistant(message, model.modelId, usage);
      narrateResponse(turnRound(ctx), model, result, !truncated);
      if (truncated) throw new OutputTruncatedError(message.text);
      if (message.toolCalls.length === 0) return { answer: message.text, synthesized: false };
      await runToolBatch(message.toolCalls, result.toolInputs, tools, ctx);
      // A call to the answer tool is the answer; interjections wait for the caller's next turn.
      // A repair turn is one response: its answer call, else its text.
      const answered = answerCall(message.toolCalls, answerFormat);
      if (answered || answerFormat?.repair) {
        await io.checkpoint?.();
        return { answer: answered?.arguments ?? message.text, synthesized: false };
      }
      await deliverInjections(ctx, inputs);
      await io.checkpoint?.();
    }
  } catch (error) {
    // The batch repairs what it unwinds; this catches anything else that left calls open.
    if (conversation.openToolCalls().length > 0) answerOpenToolCalls(conversation, repairWording(error));
    if (CancelledError.isInstance(error)) {
      emit({ type: 'cancelled', agentId, turnId });
      throw error;
    }
    if (StepLimitExceeded.isInstance(error) && ctx.state.stepLimit?.onExhausted === 'synthesize') {
      emit({ type: 'fallback-notice', agentId, turnId, reason: 'step-limit', maxSteps: error.maxSteps });
      const answer = await synthesize(ctx);
      return { answer, synthesized: true };
    }
    throw error;
  }
}

/**
 * The request of this moment: system prompt, the conversation for this model
 * (with the last batch's images attached, when artifacts are on), the
 * current tools, the answer format.
 */
function buildRequest(ctx: TurnContext, tools: ToolTable): ModelRequest {
  const { system, model, answerFormat } = ctx.settings;
  const messages = ctx.state.conversation.toModelMessages(model.modelId);
  const { artifacts } = ctx.state;
  const request = {
    system,
    messages: artifacts
      ? withAttachments(messages, artifacts, modelCapabilities(model).imageInput)
      : messages,
    ...(tools.specs.length > 0 ? { tools: tools.specs } : {}),
    ...(ctx.settings.maxOutputTokens !== undefined ? { maxOutputTokens: ctx.settings.maxOutputTokens } : {}),
  };
  return withAnswerFormat(request, answerFormat);
}

/** What the proactive compaction check reads: the conversation's last known size against the window. */
function compactionCheck(ctx: TurnContext): {
  inputTokens: number | undefined;
  contextWindow: number | undefined;
  threshold?: number;
} {
  const check = { inputTokens: ctx.state.tally.contextTokens, contextWindow: ctx.settings.contextWindow() };
  const threshold = ctx.settings.compaction?.threshold;
  return threshold === undefined ? check : { ...check, threshold };
}

/**
 * The model's response to the conversation as it is. A request refused as
 * too long for the model's window is compacted (when the agent compacts) and
 * sent again, once.
 */
async function respond(
  ctx: TurnContext,
  tools: ToolTable,
  nextIndex: () => number,
): Promise<ModelStepResult> {
  try {
    return await requestResponse(ctx, buildRequest(ctx, tools), nextIndex);
  } catch (error) {
    if (!ctx.settings.compaction || ctx.io.signal.aborted || !isContextOverflow(error)) throw error;
    if (!(await compactConversation(ctx, 'overflow', nextIndex))) throw error;
    return await requestResponse(ctx, buildRequest(ctx, tools), nextIndex);
  }
}

/**
 * Appends the turn's user message and narrates it, then what extensions
 * inject after it (an input step, so a replay returns the same injections).
 */
async function appendUserMessage(
  ctx: TurnContext,
  content: Content,
  inputs: { count: number },
): Promise<void> {
  const { agentId, turnId, extensions } = ctx.settings;
  const { extensionContext } = ctx.io;
  const { conversation } = ctx.state;
  conversation.appendUser(content, 'user', ctx.settings.userTaint);
  ctx.io.emit({ type: 'user-turn', agentId, turnId, content, midLoop: false });
  if (!extensionContext || !extensions.some((e) => e.onUserMessage)) return;
  const at = conversation.length - 1;
  let injected: readonly Content[];
  try {
    injected = await recordInput(ctx, 'extensions', inputs, () =>
      userMessageInjections(extensions, extensionContext, content),
    );
  } catch (error) {
    // An extension refused the message (a host's prompt hook blocked it): the
    // turn never began, so the message is not kept for the next one to answer.
    conversation.replace(conversation.entries.slice(0, at));
    throw error;
  }
  for (const extra of injected) conversation.appendUser(extra, 'injected');
}

/**
 * One model response through the step runner, announced by `model-start`
 * and counted in the turn's tally. A response in which two tool calls share
 * an id cannot be recorded; it is discarded and asked for again
 * (with a `retry` event) as often as the model's retry policy allows, then
 * {@link DuplicateToolCallIdError}. A cancel while waiting is a `CancelledError`.
 */
async function requestResponse(
  ctx: TurnContext,
  request: ModelRequest,
  nextIndex: () => number,
): Promise<ModelStepResult> {
  const { model, agentId, turnId } = ctx.settings;
  const { signal, emit, stepRunner } = ctx.io;
  const retries = model.maxRetries ?? 2;
  for (let attempt = 0; ; attempt++) {
    const { provider, modelId } = model;
    const index = nextIndex();
    const step = { kind: 'model' as const, agentId, turnId, index, provider, modelId, request };
    emit({ type: 'model-start', agentId, turnId, index, provider, modelId });
    let result: ModelStepResult;
    try {
      result = await stepRunner.model(step, () => streamModelRound(model, request, turnRound(ctx)));
    } catch (error) {
      if (signal.aborted) throw new CancelledError({ cause: signal.reason });
      throw error;
    }
    ctx.state.tally.record(result.usage, result.finishReason);
    const duplicate = duplicateToolCallId(result.message.toolCalls);
    if (duplicate === undefined) return result;
    narrateTokens(turnRound(ctx), model, result); // billed, though discarded
    if (attempt >= retries) throw new DuplicateToolCallIdError(duplicate, attempt + 1);
    emit({
      type: 'retry',
      agentId,
      turnId,
      attempt: attempt + 1,
      delayMs: 0,
      cause: `two tool calls share the id "${duplicate}"`,
    });
  }
}

/** Outside input through the step runner as the turn's next input step, so a replay returns the same. */
async function recordInput(
  ctx: TurnContext,
  source: InputStep['source'],
  inputs: { count: number },
  take: () => Promise<readonly Content[]>,
): Promise<readonly Content[]> {
  const step = {
    kind: 'input' as const,
    agentId: ctx.settings.agentId,
    turnId: ctx.settings.turnId,
    source,
    index: inputs.count++,
  };
  const result = await ctx.io.stepRunner.input(step, async () => ({ contents: await take() }));
  return result.contents;
}

/**
 * Delivers what waits for the model, each through the step runner as an input
 * step: first what extensions queued with `interject` (it belongs to the batch
 * just answered), then the Interloper's queue. Each message is appended and
 * narrated as a mid-loop user turn.
 */
async function deliverInjections(ctx: TurnContext, inputs: { count: number }): Promise<void> {
  const { interloper, extensionInbox } = ctx.io;
  if (extensionInbox)
    deliver(ctx, await recordInput(ctx, 'extensions', inputs, async () => extensionInbox.drain()));
  if (interloper) deliver(ctx, await recordInput(ctx, 'interloper', inputs, async () => interloper.drain()));
}

function deliver(ctx: TurnContext, contents: readonly Content[]): void {
  const { agentId, turnId } = ctx.settings;
  for (const content of contents) {
    ctx.state.conversation.appendUser(content, 'injected');
    ctx.io.emit({ type: 'user-turn', agentId, turnId, content, midLoop: true });
  }
}

async function synthesize(ctx: TurnContext): Promise<string> {
  const { agentId, emit } = ctx.io.synthesizer();
  const { signal } = ctx.io;
  try {
    const { text, usage } = await runSynthesizer(ctx, agentId, emit);
    // Kept in the conversation so a follow-up question sees the answer it follows.
    const answer = { role: 'assistant' as const, text, toolCalls: [] };
    if (text !== '') ctx.state.conversation.appendAssistant(answer, ctx.settings.model.modelId, usage);
    return text;
  } catch (error) {
    if (!signal.aborted) throw error;
    ctx.io.emit({ type: 'cancelled', agentId: ctx.settings.agentId, turnId: ctx.settings.turnId });
    throw new CancelledError({ cause: signal.reason });
  }
}
