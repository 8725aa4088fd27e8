import { type AgentEvent, type Content, contentText, type ErrorInfo, type Usage } from '@kodama/core';
import { type Context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import * as A from './attributes.ts';
import { type ChatSettings, ChatSpan } from './chat-span.ts';
import { parsedArguments, providerName } from './conventions.ts';
import { offerChat, withdrawChat } from './traced-model.ts';

/** What an agent's spans need from the observer. */
export type AgentSpanSettings = ChatSettings;

/**
 * The spans of one agent in a Run: its `invoke_agent` span, the `chat` span
 * of the model call in flight, and an `execute_tool` span per running tool
 * call. Fed that agent's events in order.
 */
export class AgentSpans {
  /** The agent's `invoke_agent` span: the parent of everything it does and of its sub-agents. */
  readonly span: Span;
  readonly #settings: AgentSpanSettings;
  readonly #context: Context;
  #chat: ChatSpan | undefined;
  #provider: string | undefined;
  readonly #tools = new Map<string, Span>();
  readonly #arguments = new Map<string, string>();
  readonly #conversationId: string | undefined;

  /**
   * `agentId` is the agent's id in the tree (`researcher 0`); the main agent
   * has none (no empty `gen_ai.agent.id`). `conversationId` is the session's
   * id, for the main agent only: a nested agent's messages are not the session's.
   */
  constructor(
    settings: AgentSpanSettings,
    name: string,
    agentId: string | undefined,
    parent: Context,
    conversationId?: string,
  ) {
    this.#settings = settings;
    this.#conversationId = conversationId;
    this.span = settings.tracer.startSpan(
      `invoke_agent ${name}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          [A.OPERATION]: 'invoke_agent',
          [A.AGENT_NAME]: name,
          ...(agentId ? { [A.AGENT_ID]: agentId } : {}),
          ...(conversationId ? { [A.CONVERSATION_ID]: conversationId } : {}),
        },
      },
      parent,
    );
    this.#context = trace.setSpan(parent, this.span);
  }

  /** The context whose active span is this agent's: where its sub-agents' spans hang. */
  get context(): Context {
    return this.#context;
  }

  /** One event of this agent. */
  onEvent(event: AgentEvent): void {
    withdrawChat();
    // A response's tool calls follow its `tokens`; anything else closes its chat span.
    if (this.#chat?.done && event.type !== 'tool-call') this.#endChat();
    switch (event.type) {
      case 'turn-start':
      case 'model-start':
        this.#describeModel(event.provider, event.modelId);
        if (event.type === 'model-start') this.#startChat(event.provider, event.modelId);
        return;
      case 'user-turn':
        if (this.#settings.captureContent)
          this.span.setAttribute(A.INPUT_MESSAGES, userMessage(event.content));
        return;
      case 'retry':
        (this.#chat?.span ?? this.span).addEvent('retry', { attempt: event.attempt, cause: event.cause });
        return;
      case 'reasoning':
        this.#chat?.reasoning(event.text);
        return;
      case 'assistant':
        this.#chat?.text(event.text);
        return;
      case 'tokens':
        this.#chat?.finished(event.usage, event.stopReason, event);
        return;
      case 'tool-call':
        this.#chat?.toolCall({ id: event.toolCallId, name: event.name, arguments: event.arguments });
        if (this.#settings.captureContent) this.#arguments.set(event.toolCallId, event.arguments);
        return;
      case 'tool-start':
        this.#startTool(event.name, event.toolCallId);
        return;
      case 'tool-result':
        this.#endTool(event.toolCallId, event.status, event.content);
        return;
      default:
        return;
    }
  }

  /**
   * Ends what is still open (a cancelled call, an unanswered request) as not
   * completed: a request cut by an error gets that error's class as its
   * `error.type` and an exception event.
   */
  endOpen(reason: string, error?: ErrorInfo): void {
    withdrawChat();
    for (const span of this.#tools.values()) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: reason });
      span.setAttribute(A.ERROR_TYPE, reason);
      span.end();
    }
    this.#tools.clear();
    if (this.#chat?.done) this.#endChat();
    else this.#chat?.fail(reason, error);
    this.#chat = undefined;
  }

  /** The invoke_agent span's provider and model: the first the agent uses (required by the conventions). */
  #describeModel(provider: string, modelId: string): void {
    if (this.#provider !== undefined) return;
    this.#provider = provider;
    this.span.setAttribute(A.PROVIDER, providerName(provider));
    this.span.setAttribute(A.REQUEST_MODEL, modelId);
  }

  #startChat(provider: string, modelId: string): void {
    this.#chat?.fail('superseded');
    this.#chat = new ChatSpan(this.#settings, provider, modelId, this.#context, this.#conversationId);
    offerChat(this.#chat);
  }

  #endChat(): void {
    this.#chat?.end();
    this.#chat = undefined;
  }

  #startTool(name: string, callId: string): void {
    const attributes: Record<string, string> = {
      [A.OPERATION]: 'execute_tool',
      [A.TOOL_NAME]: name,
      // kodama runs the tool itself with the arguments the model wrote: the conventions' `function`.
      [A.TOOL_TYPE]: 'function',
      [A.TOOL_CALL_ID]: callId,
    };
    const args = this.#arguments.get(callId);
    if (args !== undefined) attributes[A.TOOL_ARGUMENTS] = JSON.stringify(parsedArguments(args));
    const span = this.#settings.tracer.startSpan(
      `execute_tool ${name}`,
      { kind: SpanKind.INTERNAL, attributes },
      this.#context,
    );
    this.#tools.set(callId, span);
  }

  #endTool(callId: string, status: string, content: Content): void {
    this.#arguments.delete(callId);
    const span = this.#tools.get(callId);
    if (!span) return;
    this.#tools.delete(callId);
    span.setAttribute(A.TOOL_STATUS, status);
    // The conventions record a result "if execution was successful".
    if (this.#settings.captureContent && status === 'ok')
      span.setAttribute(A.TOOL_RESULT, contentText(content));
    if (status !== 'ok') {
      span.setStatus({ code: SpanStatusCode.ERROR, message: `tool ${status}` });
      span.setAttribute(A.ERROR_TYPE, `tool_${status}`);
    }
    span.end();
  }
}

/** A user turn as the conventions' message JSON: `[{"role":"user","parts":[{"type":"text","content":"…"}]}]`. */
function userMessage(content: Content): string {
  return JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: contentText(content) }] }]);
}

/** Sums usage counts, leaving a count out when no response reported it. */
export function addUsage(sum: Usage, usage: Usage): Usage {
  const add = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b : b === undefined ? a : a + b;
  return {
    inputTokens: add(sum.inputTokens, usage.inputTokens),
    outputTokens: add(sum.outputTokens, usage.outputTokens),
    cacheReadTokens: add(sum.cacheReadTokens, usage.cacheReadTokens),
    cacheWriteTokens: add(sum.cacheWriteTokens, usage.cacheWriteTokens),
    reasoningTokens: add(sum.reasoningTokens, usage.reasoningTokens),
  };
}
