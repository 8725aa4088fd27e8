import type { AssistantMessage, Model, ToolCall, Usage } from '@kodama/core';
import type { ModelRequest } from '@kodama/core/model';

/** What one replayed model step answered. */
export interface CollectedAnswer {
  readonly answer: AssistantMessage;
  readonly usage: Usage | undefined;
}

/**
 * Asks `model` once and gathers the streamed answer: text, reasoning, the
 * completed tool calls in the order they ended, the usage reported. Nothing
 * the answer asks for is done here.
 *
 * @throws what the model's stream throws (a ModelError, an exhausted script).
 */
export async function collectAnswer(
  model: Model,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<CollectedAnswer> {
  let text = '';
  let reasoning = '';
  const toolCalls: ToolCall[] = [];
  let usage: Usage | undefined;
  for await (const part of model.stream(request, { signal })) {
    if (part.type === 'text-delta') text += part.text;
    else if (part.type === 'reasoning-delta') reasoning += part.text;
    else if (part.type === 'tool-call-end') toolCalls.push(part.call);
    else if (part.type === 'usage') usage = part.usage;
  }
  return { answer: { role: 'assistant', text, ...(reasoning ? { reasoning } : {}), toolCalls }, usage };
}
