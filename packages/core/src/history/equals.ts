import type { Content } from '../messages/content.ts';
import type { ModelMessage } from '../messages/message.ts';
import type { Usage } from '../model/usage.ts';
import type { HistoryMessage } from './history-message.ts';
import { USAGE_KEYS } from './serialize.ts';

/** Field-by-field equality of two message lists; an absent optional equals `undefined`. */
export function messagesEqual(a: readonly HistoryMessage[], b: readonly HistoryMessage[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!historyMessageEqual(a[i]!, b[i]!)) return false;
  return true;
}

function historyMessageEqual(a: HistoryMessage, b: HistoryMessage): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.modelId === b.modelId &&
    usageEqual(a.usage, b.usage) &&
    taintEqual(a.taint, b.taint) &&
    modelMessageEqual(a.message, b.message)
  );
}

function taintEqual(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((name, i) => name === b[i]);
}

function usageEqual(a: Usage | undefined, b: Usage | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return USAGE_KEYS.every((key) => a[key] === b[key]);
}

function modelMessageEqual(a: ModelMessage, b: ModelMessage): boolean {
  switch (a.role) {
    case 'user':
      return b.role === 'user' && contentEqual(a.content, b.content);
    case 'tool':
      return (
        b.role === 'tool' &&
        a.toolCallId === b.toolCallId &&
        a.toolName === b.toolName &&
        contentEqual(a.content, b.content)
      );
    case 'assistant':
      return (
        b.role === 'assistant' &&
        a.text === b.text &&
        a.reasoning === b.reasoning &&
        a.toolCalls.length === b.toolCalls.length &&
        a.toolCalls.every((call, i) => {
          const other = b.toolCalls[i]!;
          return call.id === other.id && call.name === other.name && call.arguments === other.arguments;
        })
      );
  }
}

function contentEqual(a: Content, b: Content): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.length !== b.length) return false;
  return a.every((part, i) => {
    const other = b[i]!;
    if (part.type === 'text') return other.type === 'text' && part.text === other.text;
    return other.type === 'image' && part.mediaType === other.mediaType && part.data === other.data;
  });
}
