import type { Content } from '../messages/content.ts';
import type { ToolCall } from '../messages/message.ts';
import type { AnyTool } from '../tool/define-tool.ts';
import { declaredEffects } from '../tool/effects-of.ts';
import type { Extension, ExtensionContext } from './extension.ts';

/** Runs every extension's `onUserMessage` hook, in order; returns what they inject, in order. */
export async function userMessageInjections(
  extensions: readonly Extension[],
  context: ExtensionContext,
  content: Content,
): Promise<Content[]> {
  const injected: Content[] = [];
  for (const ext of extensions) {
    if (!ext.onUserMessage) continue;
    const extra = await ext.onUserMessage(context, content);
    if (extra !== undefined) injected.push(extra);
  }
  return injected;
}

/**
 * Runs every extension's `onToolCall` hook for each call of a batch, in
 * model order, before any call runs. `inputs[i]` is call `i`'s parsed
 * arguments (a call whose arguments were not JSON declares no effects); the
 * effects are computed only when some extension has the hook.
 */
export function toolCallHooks(
  extensions: readonly Extension[],
  context: ExtensionContext,
  calls: readonly ToolCall[],
  inputs: readonly { readonly input?: unknown; readonly parseError?: string }[],
  toolOf: (name: string) => AnyTool | undefined,
): void {
  const hooked = extensions.filter((e) => e.onToolCall);
  if (hooked.length === 0) return;
  calls.forEach((call, i) => {
    const tool = toolOf(call.name);
    const input = inputs[i];
    const effects = tool && input && input.parseError === undefined ? declaredEffects(tool, input.input) : [];
    const seen = { name: call.name, arguments: call.arguments, effects };
    for (const ext of hooked) ext.onToolCall?.(context, seen);
  });
}
