import type { HistoryMessage } from "@kodama/core";
export function conversation(size: number): HistoryMessage[] {
  const messages: HistoryMessage[] = [];
  for (let i = 0; messages.length < size; i++) {
    const usage = { inputTokens: 1000 + i, outputTokens: 50, cacheReadTokens: 900, cacheWriteTokens: undefined, reasoningTokens: 10 };
    messages.push({ id: `u${i}`, kind: 'user', message: { role: 'user', content: `Please look at src/file${i}.ts and explain it.` } });
    messages.push({
      id: `a${i}`, kind: 'assistant', modelId: 'openai:gpt-5', usage,
      message: { role: 'assistant', text: '', reasoning: 'I should read the file first.', toolCalls: [{ id: `call_${i}`, name: 'read', arguments: `{"path":"src/file${i}.ts"}` }] },
    });
    messages.push({ id: `t${i}`, kind: 'tool', message: { role: 'tool', toolCallId: `call_${i}`, toolName: 'read', content: 'export const x = 1;\n'.repeat(10) } });
    messages.push({ id: `b${i}`, kind: 'assistant', modelId: 'openai:gpt-5', usage, message: { role: 'assistant', text: 'It exports a constant named x.', toolCalls: [] } });
  }
  return messages.slice(0, size);
}
