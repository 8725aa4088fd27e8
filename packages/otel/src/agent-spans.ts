import { type AgentEvent, type Content, contentText, type Usage } from '@kodama/core';
import { type Context, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import * as A from './attributes.ts';

/** What an agent's spans need from the observer. */
export interface AgentSpanSettings {
  readonly tracer: Tracer;
  readonly captureContent: boolean;
}

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
  #chat: Span | undefined;
  readonly #tools = new Map<string, Span>();
  readonly #arguments = new Map<string, string>();

  constructor(settings: AgentSpanSettings, name: string, agentId: string, parent: Context) {
    this.#settings = settings;
    this.span = settings.tracer.startSpan(
      `invoke_agent ${name}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: { [A.OPERATION]: 'invoke_agent', [A.AGENT_NAME]: name, [A.AGENT_ID]: agentId },
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
    const { tracer, captureContent } = this.#settings;
    switch (event.type) {
      case 'user-turn':
        if (captureContent) this.span.setAttribute(A.INPUT_MESSAGES, messages('user', event.content));
        return;
      case 'model-start':
        this.#chat?.end();
        this.#chat = tracer.startSpan(
          `chat ${event.modelId}`,
          {
            kind: SpanKind.CLIENT,
            attributes: {
              [A.OPERATION]: 'chat',
              [A.PROVIDER]: event.provider,
              [A.SYSTEM]: event.provider,
              [A.REQUEST_MODEL]: event.modelId,
            },
          },
          this.#context,
        );
        return;
      case 'retry':
        (this.#chat ?? this.span).addEvent('retry', { attempt: event.attempt, cause: event.cause });
        return;
      case 'assistant':
        if (captureContent) this.#chat?.setAttribute(A.OUTPUT_MESSAGES, messages('assistant', event.text));
        return;
      case 'tokens':
        this.#endChat(event.modelId, event.usage, event.stopReason);
        return;
      case 'tool-call':
        if (captureContent) this.#arguments.set(event.toolCallId, event.arguments);
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

  /** Ends what is still open (a cancelled call, an unanswered request) as not completed. */
  endOpen(reason: string): void {
    for (const span of [...this.#tools.values(), ...(this.#chat ? [this.#chat] : [])]) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: reason });
      span.setAttribute(A.ERROR_TYPE, reason);
      span.end();
    }
    this.#tools.clear();
    this.#chat = undefined;
  }

  #endChat(modelId: string, usage: Usage, stopReason: string): void {
    const chat = this.#chat;
    if (!chat) return;
    chat.setAttribute(A.RESPONSE_MODEL, modelId);
    if (usage.inputTokens !== undefined) chat.setAttribute(A.INPUT_TOKENS, usage.inputTokens);
    if (usage.outputTokens !== undefined) chat.setAttribute(A.OUTPUT_TOKENS, usage.outputTokens);
    chat.setAttribute(A.FINISH_REASONS, [stopReason]);
    chat.end();
    this.#chat = undefined;
  }

  #startTool(name: string, callId: string): void {
    const attributes: Record<string, string> = {
      [A.OPERATION]: 'execute_tool',
      [A.TOOL_NAME]: name,
      [A.TOOL_CALL_ID]: callId,
    };
    const args = this.#arguments.get(callId);
    if (args !== undefined) attributes[A.TOOL_ARGUMENTS] = args;
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
    if (this.#settings.captureContent) span.setAttribute(A.TOOL_RESULT, contentText(content));
    if (status !== 'ok') {
      span.setStatus({ code: SpanStatusCode.ERROR, message: `tool ${status}` });
      span.setAttribute(A.ERROR_TYPE, `tool_${status}`);
    }
    span.end();
  }
}

/** Content as the GenAI conventions' message JSON: `[{"role":"user","parts":[{"type":"text","content":"…"}]}]`. */
function messages(role: string, content: Content): string {
  return JSON.stringify([{ role, parts: [{ type: 'text', content: contentText(content) }] }]);
}
