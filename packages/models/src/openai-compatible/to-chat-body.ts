import type { Content, ToolCall } from '@kodama/core';
import type { ModelRequest } from '@kodama/core/model';
import { fitsStrictMode } from '../structured/fits-strict-mode.ts';

/** An OpenAI chat-completions message, as much of it as kodama sends. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ChatContentPart[] }
  | {
      role: 'assistant';
      content: string;
      reasoning_content?: string;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A text or image part of a user message. */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

function userContent(content: Content): string | ChatContentPart[] {
  if (typeof content === 'string') return content;
  return content.map((part) =>
    part.type === 'text'
      ? { type: 'text', text: part.text }
      : { type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.data}` } },
  );
}

/** Past arguments must be valid JSON for most servers; malformed text (already answered with an error) becomes `{}`. */
function wireArguments(call: ToolCall): string {
  try {
    JSON.parse(call.arguments);
    return call.arguments;
  } catch {
    return '{}';
  }
}

/**
 * Maps a kodama request to a streaming chat-completions body. Tool messages
 * carry text only, so images a tool returned travel in one user message right
 * after the batch of tool answers. A response format becomes `response_format:
 * json_schema`, strict when the schema allows it (see {@link fitsStrictMode}).
 */
export function toChatBody(modelId: string, request: ModelRequest): Record<string, unknown> {
  const messages: ChatMessage[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  let pendingImages: ChatContentPart[] = [];
  const flushImages = (): void => {
    if (pendingImages.length === 0) return;
    messages.push({
      role: 'user',
      content: [{ type: 'text', text: 'Images returned by the tools above:' }, ...pendingImages],
    });
    pendingImages = [];
  };
  for (const message of request.messages) {
    if (message.role === 'tool') {
      let text: string;
      if (typeof message.content === 'string') text = message.content;
      else {
        const texts: string[] = [];
        for (const part of message.content) {
          if (part.type === 'text') texts.push(part.text);
          else
            pendingImages.push({
              type: 'image_url',
              image_url: { url: `data:${part.mediaType};base64,${part.data}` },
            });
        }
        text = texts.join('\n');
      }
      messages.push({ role: 'tool', tool_call_id: message.toolCallId, content: text });
      continue;
    }
    flushImages();
    if (message.role === 'user') {
      messages.push({ role: 'user', content: userContent(message.content) });
      continue;
    }
    messages.push({
      role: 'assistant',
      content: message.text,
      ...(message.reasoning ? { reasoning_content: message.reasoning } : {}),
      ...(message.toolCalls.length > 0
        ? {
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: wireArguments(call) },
            })),
          }
        : {}),
    });
  }
  flushImages();
  const body: Record<string, unknown> = {
    model: modelId,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }
  if (request.maxOutputTokens !== undefined) body.max_tokens = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.responseFormat) {
    const { name, schema } = request.responseFormat;
    body.response_format = {
      type: 'json_schema',
      json_schema: { name, schema, strict: fitsStrictMode(schema) },
    };
  }
  return body;
}
