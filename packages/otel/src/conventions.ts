import { type Content, contentText, type ModelMessage, type ToolCall } from '@kodama/core';
import type { StopReason } from '@kodama/core/model';

/**
 * kodama's provider names as the conventions' `gen_ai.provider.name` values
 * (v1.41.0's list). The conventions call the attribute the telemetry flavour
 * of the API spoken, "set based on the instrumentation's best knowledge", and
 * say that services reached through the OpenAI REST API are told apart by
 * `server.address` and the model names: so every OpenAI-compatible server
 * (OpenRouter, llama.cpp, Ollama, LM Studio, any other) is `openai`, and
 * kodama's own name goes in `kodama.model.provider`. Gemini through AI
 * Studio (generativelanguage.googleapis.com, what `@ai-sdk/google` calls) is
 * `gcp.gemini`. A provider not in the list keeps its name (a custom value,
 * which the conventions allow).
 */
const PROVIDERS: Readonly<Record<string, string>> = {
  openai: 'openai',
  'openai-compatible': 'openai',
  openrouter: 'openai',
  llamacpp: 'openai',
  ollama: 'openai',
  lmstudio: 'openai',
  anthropic: 'anthropic',
  google: 'gcp.gemini',
  gemini: 'gcp.gemini',
  deepseek: 'deepseek',
  groq: 'groq',
  mistral: 'mistral_ai',
  xai: 'x_ai',
  cohere: 'cohere',
  perplexity: 'perplexity',
  bedrock: 'aws.bedrock',
};

/** `gen_ai.provider.name` for a kodama provider name. */
export function providerName(provider: string): string {
  return PROVIDERS[provider] ?? provider;
}

/** True for a model that runs in this process (span kind INTERNAL, as the conventions allow). */
export function inProcess(provider: string): boolean {
  return provider === 'local';
}

/**
 * kodama's stop reason as the conventions' finish reason (the output-messages
 * schema's enum: `stop`, `length`, `content_filter`, `tool_call`, `error`).
 * `other` has no counterpart; it is kept as is (the attribute is a free string).
 */
export function finishReason(reason: StopReason): string {
  switch (reason) {
    case 'tool-calls':
      return 'tool_call';
    case 'content-filter':
      return 'content_filter';
    default:
      return reason;
  }
}

/** A message of the conventions' input/output JSON schemas. */
export interface ChatMessage {
  readonly role: string;
  readonly parts: readonly Record<string, unknown>[];
  readonly finish_reason?: string;
}

/** Content as message parts: text parts, and images as blobs. */
export function contentParts(content: Content): Record<string, unknown>[] {
  if (typeof content === 'string') return [{ type: 'text', content }];
  return content.map((part) =>
    part.type === 'text'
      ? { type: 'text', content: part.text }
      : { type: 'blob', modality: 'image', mime_type: part.mediaType, content: part.data },
  );
}

/** A tool call's arguments as an object when they parse (the conventions ask for that), else the raw text. */
export function parsedArguments(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A tool call as a `tool_call` part. */
export function toolCallPart(call: ToolCall): Record<string, unknown> {
  return { type: 'tool_call', id: call.id, name: call.name, arguments: parsedArguments(call.arguments) };
}

/** kodama's request messages as `gen_ai.input.messages`. */
export function inputMessages(messages: readonly ModelMessage[]): ChatMessage[] {
  return messages.map((m): ChatMessage => {
    switch (m.role) {
      case 'user':
        return { role: 'user', parts: contentParts(m.content) };
      case 'tool':
        return {
          role: 'tool',
          parts: [{ type: 'tool_call_response', id: m.toolCallId, response: contentText(m.content) }],
        };
      default:
        return {
          role: 'assistant',
          parts: [
            ...(m.reasoning ? [{ type: 'reasoning', content: m.reasoning }] : []),
            ...(m.text ? [{ type: 'text', content: m.text }] : []),
            ...m.toolCalls.map(toolCallPart),
          ],
        };
    }
  });
}

/** A system prompt as `gen_ai.system_instructions`: one text part. */
export function systemInstructions(system: string): Record<string, unknown>[] {
  return [{ type: 'text', content: system }];
}
