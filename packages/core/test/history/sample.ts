// A hand-built conversation with every feature a history stores, shared by tests.
import type { HistoryMessage } from '@kodama/core/history';

/** A 1x1 transparent PNG, base64. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** user (with image) → assistant (thinking, two calls) → one result (one call dangles) → injected. */
export const SAMPLE: readonly HistoryMessage[] = [
  {
    id: 'm1',
    kind: 'user',
    message: {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture, and what is 6*7?' },
        { type: 'image', mediaType: 'image/png', data: PNG_1X1 },
      ],
    },
  },
  {
    id: 'm2',
    kind: 'assistant',
    modelId: 'anthropic:claude-sonnet',
    usage: {
      inputTokens: 120,
      outputTokens: 40,
      cacheReadTokens: 100,
      cacheWriteTokens: undefined,
      reasoningTokens: 12,
    },
    message: {
      role: 'assistant',
      text: 'Let me check.',
      reasoning: 'A tiny image; compute the product with the calculator.',
      toolCalls: [
        { id: 'call_1', name: 'calculator', arguments: '{"expression":"6*7"}' },
        { id: 'call_2', name: 'web_search', arguments: '{"query":"1x1 png"}' },
      ],
    },
  },
  {
    id: 'm3',
    kind: 'tool',
    message: { role: 'tool', toolCallId: 'call_1', toolName: 'calculator', content: '42' },
  },
  { id: 'm4', kind: 'injected', message: { role: 'user', content: 'Also: keep it short.' } },
];
