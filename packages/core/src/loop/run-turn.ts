import { CancelledError } from '../controls/cancellable.ts';
import type { Interloper } from '../controls/interloper.ts';
import { type StepLimit, StepLimitExceeded } from '../controls/step-limit.ts';
import type { Emit } from '../events/events.ts';
import type { Content } from '../messages/content.ts';
import type { Model } from '../model/model.ts';
import type { ToolSpec } from '../model/tool-spec.ts';
import { runSynthesizer } from '../synthesizer/synthesizer.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import type { Conversation } from './conversation.ts';
import { EmptyTurnError, needsAMessage } from './empty-turn-error.ts';
import { streamModelRound } from './model-round.ts';
import { answerOpenToolCalls, repairWording } from './repair.ts';
import type { StepRunner } from './step-runner.ts';
import { runToolBatch } from './tool-batch.ts';

/** The mutable state a turn works on, owned by the agent. */
export interface TurnState {
  readonly conversation: Conversation;
  readonly stepLimit: StepLimit | undefined;
  readonly interloper: Interloper | undefined;
}

/** Everything fixed for the duration of one turn. */
export interface TurnConfig {
  readonly agentId: string;
  /** Unique per turn; prefixes every tool call's idempotency key. */
  readonly turnId: string;
  readonly model: Model;
  readonly system: string;
  readonly tools: ReadonlyMap<string, AnyTool>;
  readonly toolSpecs: readonly ToolSpec[];
  readonly streaming: boolean;
  readonly toolFailures: 'raise' | 'observe';
  readonly maxResultTokens: number | undefined;
  readonly stepRunner: StepRunner;
  /** The turn's user message; `undefined` or blank runs a bare turn. */
  readonly userMessage: Content | undefined;
  /** Extension hook: context to inject right after the user message. */
  readonly onUserMessage: ((content: Content) => Promise<readonly Content[]>) | undefined;
  /** The id and emitter the synthesizer uses (a sub-agent view of the listeners). */
  readonly synthesizer: () => { agentId: string; emit: Emit };
}

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
 * answers without tool calls. Holds no state of its own: everything it
 * changes is in `state`, everything it says goes through `emit`, and
 * `signal` is the cancel. Whatever unwinds it, the conversation is left
 * sendable (every tool call answered, no partial response appended).
 */
export async function runTurn(
  state: TurnState,
  config: TurnConfig,
  emit: Emit,
  signal: AbortSignal,
): Promise<TurnResult> {
  const { conversation } = state;
  const { agentId, model } = config;
  const cancelledError = () => new CancelledError({ cause: signal.reason });
  const checkCancelled = () => {
    if (signal.aborted) throw cancelledError();
  };
  try {
    deliverInjections(state, emit, agentId);
    const blank = isBlank(config.userMessage);
    if (blank && conversation.length === 0 && needsAMessage(model.provider))
      throw new EmptyTurnError(model.provider);
    if (!blank) {
      const content = config.userMessage!;
      conversation.appendUser(content, 'user');
      emit({ type: 'user-turn', agentId, content, midLoop: false });
      for (const extra of (await config.onUserMessage?.(content)) ?? [])
        conversation.appendUser(extra, 'injected');
    }
    for (let index = 0; ; index++) {
      checkCancelled();
      const request = {
        system: config.system,
        messages: conversation.toModelMessages(model.modelId),
        ...(config.toolSpecs.length > 0 ? { tools: config.toolSpecs } : {}),
      };
      const step = {
        kind: 'model' as const,
        agentId,
        turnId: config.turnId,
        index,
        provider: model.provider,
        modelId: model.modelId,
        request,
      };
      let result: Awaited<ReturnType<StepRunner['model']>>;
      try {
        result = await config.stepRunner.model(step, () =>
          streamModelRound(model, request, { agentId, signal, streaming: config.streaming, emit }),
        );
      } catch (error) {
        if (signal.aborted) throw cancelledError();
        throw error;
      }
      const { message, usage } = result;
      if (message.text !== '' || message.toolCalls.length > 0)
        conversation.appendAssistant(message, model.modelId, usage);
      if (message.reasoning) emit({ type: 'thinking', agentId, text: message.reasoning });
      if (message.text !== '') emit({ type: 'assistant', agentId, text: message.text });
      emit({ type: 'tokens', agentId, usage: usage ?? EMPTY_USAGE, modelId: model.modelId });
      if (message.toolCalls.length === 0) return { answer: message.text, synthesized: false };
      const batch = {
        agentId,
        turnId: config.turnId,
        tools: config.tools,
        stepLimit: state.stepLimit,
        toolFailures: config.toolFailures,
        maxResultTokens: config.maxResultTokens,
        stepRunner: config.stepRunner,
        emit,
        signal,
        checkCancelled,
        cancelledError,
      };
      await runToolBatch(message.toolCalls, result.toolInputs, conversation, batch);
      deliverInjections(state, emit, agentId);
    }
  } catch (error) {
    // The batch repairs what it unwinds; this catches anything else that left calls open.
    if (conversation.openToolCalls().length > 0) {
      answerOpenToolCalls(conversation, repairWording(error), new Set(), emit, agentId, 'failure');
    }
    if (CancelledError.isInstance(error)) {
      emit({ type: 'cancelled', agentId });
      throw error;
    }
    if (StepLimitExceeded.isInstance(error) && state.stepLimit?.onExhausted === 'synthesize') {
      emit({ type: 'fallback-notice', agentId, reason: 'step-limit', maxSteps: error.maxSteps });
      const answer = await synthesize(state, config, emit, signal, cancelledError);
      return { answer, synthesized: true };
    }
    throw error;
  }
}

const EMPTY_USAGE = Object.freeze({
  inputTokens: undefined,
  outputTokens: undefined,
  cacheReadTokens: undefined,
  cacheWriteTokens: undefined,
  reasoningTokens: undefined,
});

/** Delivers the Interloper's queue: each message appended and narrated as a mid-loop user turn. */
function deliverInjections(state: TurnState, emit: Emit, agentId: string): void {
  if (!state.interloper) return;
  for (const content of state.interloper.drain()) {
    state.conversation.appendUser(content, 'injected');
    emit({ type: 'user-turn', agentId, content, midLoop: true });
  }
}

async function synthesize(
  state: TurnState,
  config: TurnConfig,
  parentEmit: Emit,
  signal: AbortSignal,
  cancelledError: () => CancelledError,
): Promise<string> {
  const { agentId, emit } = config.synthesizer();
  try {
    const { text, usage } = await runSynthesizer({
      model: config.model,
      entries: state.conversation.entries,
      question: config.userMessage,
      agentId,
      turnId: config.turnId,
      emit,
      streaming: config.streaming,
      stepRunner: config.stepRunner,
      signal,
    });
    // Kept in the conversation so a follow-up question sees the answer it follows.
    if (text !== '')
      state.conversation.appendAssistant(
        { role: 'assistant', text, toolCalls: [] },
        config.model.modelId,
        usage,
      );
    return text;
  } catch (error) {
    if (!signal.aborted) throw error;
    parentEmit({ type: 'cancelled', agentId: config.agentId });
    throw cancelledError();
  }
}
