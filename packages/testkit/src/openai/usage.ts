import type { ScriptedUsage } from '../script.ts';

/** OpenAI `usage` object; fields the script left out are left out here too. */
export function openAIUsage(usage: ScriptedUsage): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  if (usage.inputTokens !== undefined) wire.prompt_tokens = usage.inputTokens;
  if (usage.outputTokens !== undefined) wire.completion_tokens = usage.outputTokens;
  if (usage.inputTokens !== undefined && usage.outputTokens !== undefined) {
    wire.total_tokens = usage.inputTokens + usage.outputTokens;
  }
  if (usage.cacheReadTokens !== undefined)
    wire.prompt_tokens_details = { cached_tokens: usage.cacheReadTokens };
  if (usage.reasoningTokens !== undefined) {
    wire.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  }
  return wire;
}
