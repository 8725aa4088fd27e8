import type { Content } from '../messages/content.ts';
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
