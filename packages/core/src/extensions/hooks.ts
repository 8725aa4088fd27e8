import type { Content } from '../messages/content.ts';
import type { Extension, ExtensionContext } from './extension.ts';

/**
 * The turn's `onUserMessage` hook over every extension that has one, in
 * order; `undefined` when none has (the common case costs nothing).
 */
export function userMessageHook(
  extensions: readonly Extension[],
  context: () => ExtensionContext,
): ((content: Content) => Promise<readonly Content[]>) | undefined {
  const hooked = extensions.filter((e) => e.onUserMessage);
  if (hooked.length === 0) return undefined;
  return async (content) => {
    const injected: Content[] = [];
    for (const ext of hooked) {
      const extra = await ext.onUserMessage!(context(), content);
      if (extra !== undefined) injected.push(extra);
    }
    return injected;
  };
}
