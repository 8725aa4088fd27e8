import type { Content } from '@kodama/core';
import type { ModelRequest } from '@kodama/core/model';
import type {
  ChatHistoryItem,
  ChatModelFunctionCall,
  ChatModelFunctions,
  ChatModelResponse,
} from 'node-llama-cpp';

function textOf(content: Content): string {
  if (typeof content === 'string') return content;
  return content
    .map((part) => (part.type === 'text' ? part.text : `[${part.mediaType} image omitted]`))
    .join('');
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * kodama's request as node-llama-cpp's chat history: the system prompt, then
 * the messages, each tool result attached to its call inside the assistant
 * turn (node-llama-cpp renders call and result together), ending with an
 * empty model turn for the answer to fill.
 */
export function toChatHistory(request: ModelRequest): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  if (request.system) history.push({ type: 'system', text: request.system });
  const calls = new Map<string, ChatModelFunctionCall>();
  for (const message of request.messages) {
    if (message.role === 'user') {
      history.push({ type: 'user', text: textOf(message.content) });
    } else if (message.role === 'assistant') {
      const response: ChatModelResponse['response'][number][] = [];
      if (message.reasoning)
        response.push({ type: 'segment', segmentType: 'thought', text: message.reasoning, ended: true });
      if (message.text) response.push(message.text);
      for (const call of message.toolCalls) {
        const item: ChatModelFunctionCall = {
          type: 'functionCall',
          name: call.name,
          params: parseArguments(call.arguments),
          result: undefined,
        };
        calls.set(call.id, item);
        response.push(item);
      }
      history.push({ type: 'model', response });
    } else {
      const call = calls.get(message.toolCallId);
      const result = textOf(message.content);
      if (call) (call as { result: unknown }).result = result;
      else history.push({ type: 'user', text: `Result of ${message.toolName}: ${result}` });
    }
  }
  history.push({ type: 'model', response: [] });
  return history;
}

type Schema = { readonly [key: string]: unknown };

function optionalKeys(schema: Schema): string[] {
  const properties = schema.properties as Schema | undefined;
  if (schema.type !== 'object' || !properties) return [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.keys(properties).filter((key) => !required.has(key));
}

/**
 * A tool's parameters as node-llama-cpp's grammar reads them. Its grammar
 * writes every listed property, so an optional one may be `null` instead
 * ({@link dropNullOptionals} removes those before kodama validates).
 */
function grammarParams(schema: Schema): Schema {
  const optional = optionalKeys(schema);
  if (optional.length === 0) return schema;
  const properties = { ...(schema.properties as Schema) };
  for (const key of optional) properties[key] = { oneOf: [properties[key], { type: 'null' }] };
  return { ...schema, properties };
}

/** The arguments without the optional properties the model set to `null` (it means "not given"). */
export function dropNullOptionals(request: ModelRequest, name: string, params: unknown): unknown {
  const tool = request.tools?.find((t) => t.name === name);
  if (!tool || params === null || typeof params !== 'object' || Array.isArray(params)) return params;
  const out: Record<string, unknown> = { ...(params as Record<string, unknown>) };
  for (const key of optionalKeys(tool.parameters)) if (out[key] === null) delete out[key];
  return out;
}

/** kodama's tool specs as node-llama-cpp functions (described, never run by node-llama-cpp). */
export function toFunctions(request: ModelRequest): ChatModelFunctions | undefined {
  if (!request.tools?.length) return undefined;
  const functions: Record<string, ChatModelFunctions[string]> = {};
  for (const tool of request.tools) {
    functions[tool.name] = { description: tool.description, params: grammarParams(tool.parameters) as never };
  }
  return functions;
}
