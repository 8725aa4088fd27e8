import type { ErrorInfo, ToolCall, Usage } from '@kodama/core';
import type { ModelRequest, StopReason } from '@kodama/core/model';
import {
  type Attributes,
  type Context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
} from '@opentelemetry/api';
import * as A from './attributes.ts';
import {
  type ChatMessage,
  finishReason,
  inProcess,
  inputMessages,
  providerName,
  systemInstructions,
  toolCallPart,
} from './conventions.ts';

/** What a chat span needs from the observer. */
export interface ChatSettings {
  readonly tracer: Tracer;
  readonly captureContent: boolean;
  /** `OTEL_SEMCONV_STABILITY_OPT_IN` has `gen_ai_latest_experimental`: no v1.36.0 attributes. */
  readonly latestOnly: boolean;
}

/**
 * The `chat <model>` span of one model request: opened at `model-start`,
 * told the response's text, reasoning, usage and finish reason, then its tool
 * calls (core emits them right after the response's `tokens`), and ended when
 * the agent moves on, so the output message holds the whole response.
 */
export class ChatSpan {
  readonly span: Span;
  readonly provider: string;
  readonly modelId: string;
  readonly #settings: ChatSettings;
  #text = '';
  #reasoning = '';
  readonly #toolCalls: ToolCall[] = [];
  #finish: string | undefined;

  constructor(
    settings: ChatSettings,
    provider: string,
    modelId: string,
    parent: Context,
    conversationId: string | undefined,
  ) {
    this.#settings = settings;
    this.provider = provider;
    this.modelId = modelId;
    const attributes: Attributes = {
      [A.OPERATION]: 'chat',
      [A.PROVIDER]: providerName(provider),
      [A.KODAMA_PROVIDER]: provider,
      [A.REQUEST_MODEL]: modelId,
      // Every kodama Model is a stream of parts (the adapters call the providers' streaming APIs).
      [A.REQUEST_STREAM]: true,
    };
    if (conversationId) attributes[A.CONVERSATION_ID] = conversationId;
    if (!settings.latestOnly) attributes[A.SYSTEM] = providerName(provider);
    this.span = settings.tracer.startSpan(
      `chat ${modelId}`,
      { kind: inProcess(provider) ? SpanKind.INTERNAL : SpanKind.CLIENT, attributes },
      parent,
    );
  }

  /** What the request asked for, as the traced model saw it; `server` is where it went. */
  describeRequest(request: ModelRequest, server: URL | undefined): void {
    const span = this.span;
    if (request.temperature !== undefined) span.setAttribute(A.REQUEST_TEMPERATURE, request.temperature);
    if (request.maxOutputTokens !== undefined)
      span.setAttribute(A.REQUEST_MAX_TOKENS, request.maxOutputTokens);
    if (request.responseFormat) span.setAttribute(A.OUTPUT_TYPE, 'json');
    if (server) {
      span.setAttribute(A.SERVER_ADDRESS, server.hostname.replace(/^\[|\]$/g, ''));
      span.setAttribute(A.SERVER_PORT, Number(server.port) || (server.protocol === 'http:' ? 80 : 443));
    }
    if (!this.#settings.captureContent) return;
    if (request.system)
      span.setAttribute(A.SYSTEM_INSTRUCTIONS, JSON.stringify(systemInstructions(request.system)));
    span.setAttribute(A.INPUT_MESSAGES, JSON.stringify(inputMessages(request.messages)));
  }

  text(text: string): void {
    this.#text += text;
  }

  reasoning(text: string): void {
    this.#reasoning += text;
  }

  /**
   * The response arrived: its usage (only what was reported), finish reason,
   * and the provider's response id and answering model when it sent them.
   */
  finished(
    usage: Usage,
    stopReason: StopReason,
    response: { responseId?: string; responseModelId?: string },
  ): void {
    const span = this.span;
    if (response.responseId) span.setAttribute(A.RESPONSE_ID, response.responseId);
    if (response.responseModelId) span.setAttribute(A.RESPONSE_MODEL, response.responseModelId);
    setUsage(span, usage);
    this.#finish = finishReason(stopReason);
    span.setAttribute(A.FINISH_REASONS, [this.#finish]);
  }

  /** A tool call of the response (after `finished`). */
  toolCall(call: ToolCall): void {
    this.#toolCalls.push(call);
  }

  /** True once the response arrived: further events belong to the agent, not to this request. */
  get done(): boolean {
    return this.#finish !== undefined;
  }

  /** Ends the span: with the output message when content is recorded. */
  end(): void {
    if (this.#settings.captureContent && this.#finish !== undefined) {
      const message: ChatMessage = {
        role: 'assistant',
        parts: [
          ...(this.#reasoning ? [{ type: 'reasoning', content: this.#reasoning }] : []),
          ...(this.#text ? [{ type: 'text', content: this.#text }] : []),
          ...this.#toolCalls.map(toolCallPart),
        ],
        finish_reason: this.#finish,
      };
      this.span.setAttribute(A.OUTPUT_MESSAGES, JSON.stringify([message]));
    }
    this.span.end();
  }

  /**
   * Ends the span as failed: `error.type` is the error's class name (the
   * conventions: "the canonical name of exception"), with an `exception`
   * event; without an error (a cancel), `reason`.
   */
  fail(reason: string, error?: ErrorInfo): void {
    const span = this.span;
    span.setAttribute(A.ERROR_TYPE, error?.name ?? reason);
    if (error) span.recordException({ name: error.name, message: error.message });
    span.setStatus({ code: SpanStatusCode.ERROR, message: error?.message ?? reason });
    span.end();
  }
}

/** The usage attributes of what was reported; an unreported count is left out, never 0. */
export function setUsage(span: Span, usage: Usage): void {
  const counts: [string, number | undefined][] = [
    [A.INPUT_TOKENS, usage.inputTokens],
    [A.OUTPUT_TOKENS, usage.outputTokens],
    [A.CACHE_READ_TOKENS, usage.cacheReadTokens],
    [A.CACHE_CREATION_TOKENS, usage.cacheWriteTokens],
    [A.REASONING_TOKENS, usage.reasoningTokens],
  ];
  for (const [name, value] of counts) if (value !== undefined) span.setAttribute(name, value);
}
