import type { ScriptedUsage } from '../script.ts';

/**
 * Anthropic's `input_tokens` excludes cache reads and writes, while kodama's
 * `inputTokens` includes them; the wire gets the uncached remainder so a client
 * adding the three back gets the scripted total.
 */
export function anthropicInputUsage(usage: ScriptedUsage): Record<string, number> {
  const wire: Record<string, number> = {};
  const cached = (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
  if (usage.inputTokens !== undefined) wire.input_tokens = Math.max(0, usage.inputTokens - cached);
  if (usage.cacheReadTokens !== undefined) wire.cache_read_input_tokens = usage.cacheReadTokens;
  if (usage.cacheWriteTokens !== undefined) wire.cache_creation_input_tokens = usage.cacheWriteTokens;
  return wire;
}

/** The `usage` of a complete (non-streamed) message. */
export function anthropicUsage(usage: ScriptedUsage): Record<string, number> {
  const wire = anthropicInputUsage(usage);
  if (usage.outputTokens !== undefined) wire.output_tokens = usage.outputTokens;
  return wire;
}
