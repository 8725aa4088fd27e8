import type { Extension } from '../extensions/extension.ts';

/** Base prompt, then fixed snippets, then every extension's current snippets; blank ones skipped. */
export function assembleSystemPrompt(
  base: string,
  snippets: readonly string[],
  extensions: readonly Extension[],
): string {
  const parts = [base, ...snippets];
  for (const ext of extensions) if (ext.systemPromptSnippets) parts.push(...ext.systemPromptSnippets());
  return parts.filter((p) => p.trim() !== '').join('\n\n');
}
