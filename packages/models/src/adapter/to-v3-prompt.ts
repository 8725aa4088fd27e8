import type {
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider';
import type { Content, ToolCall } from '@kodama/core';
import type { ModelRequest, ToolSpec } from '@kodama/core/model';

type UserPart = Extract<LanguageModelV3Message, { role: 'user' }>['content'][number];

function userParts(content: Content): UserPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((part) =>
    part.type === 'text'
      ? { type: 'text', text: part.text }
      : { type: 'file', data: part.data, mediaType: part.mediaType },
  );
}

function toolOutput(content: Content): LanguageModelV3ToolResultOutput {
  if (typeof content === 'string') return { type: 'text', value: content };
  return {
    type: 'content',
    value: content.map((part) =>
      part.type === 'text'
        ? { type: 'text', text: part.text }
        : { type: 'image-data', data: part.data, mediaType: part.mediaType },
    ),
  };
}

/**
 * The input object a provider is sent back for a past call. Malformed argument
 * text becomes `{}`: providers reject non-object inputs, and the call's
 * `Error: ...` answer already tells the model what went wrong.
 */
function callInput(call: ToolCall): unknown {
  try {
    const value: unknown = JSON.parse(call.arguments);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * Maps a kodama request's system prompt and messages to an AI SDK V3 prompt.
 * Consecutive tool results are grouped into one `tool` message, as providers
 * expect all answers of a batch together.
 */
export function toV3Prompt(request: ModelRequest): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [];
  if (request.system) prompt.push({ role: 'system', content: request.system });
  let toolMessage: LanguageModelV3ToolResultPart[] | undefined;
  for (const message of request.messages) {
    if (message.role === 'tool') {
      const part: LanguageModelV3ToolResultPart = {
        type: 'tool-result',
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        output: toolOutput(message.content),
      };
      if (toolMessage) toolMessage.push(part);
      else {
        toolMessage = [part];
        prompt.push({ role: 'tool', content: toolMessage });
      }
      continue;
    }
    toolMessage = undefined;
    if (message.role === 'user') {
      prompt.push({ role: 'user', content: userParts(message.content) });
      continue;
    }
    const content: Extract<LanguageModelV3Message, { role: 'assistant' }>['content'] = [];
    if (message.reasoning) content.push({ type: 'reasoning', text: message.reasoning });
    if (message.text) content.push({ type: 'text', text: message.text });
    for (const call of message.toolCalls) {
      content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: callInput(call) });
    }
    prompt.push({ role: 'assistant', content });
  }
  return prompt;
}

/** Maps kodama tool specs to AI SDK function tools. */
export function toV3Tools(tools: readonly ToolSpec[] | undefined): LanguageModelV3FunctionTool[] | undefined {
  if (!tools || tools.length === 0) return undefined;
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters as LanguageModelV3FunctionTool['inputSchema'],
  }));
}
