import { Interloper } from '../controls/interloper.ts';
import type { HistoryMessage } from '../history/history-message.ts';
import type { Extension, ExtensionContext } from './extension.ts';
import { type ExtensionContextSource, extensionContext } from './extension-context.ts';

/**
 * An agent's extensions and what they share: the capability context (built
 * once, when first needed) and the inbox `interject` fills. The agent calls
 * it at the points the hooks name; the loop drains the inbox.
 */
export class ExtensionHost {
  readonly #extensions: readonly Extension[];
  /** What extensions queued with `interject`, waiting for the next delivery point. */
  readonly inbox = new Interloper();
  readonly #source: Omit<ExtensionContextSource, 'inbox'>;
  #context: ExtensionContext | undefined;

  constructor(extensions: readonly Extension[], source: Omit<ExtensionContextSource, 'inbox'>) {
    this.#extensions = extensions;
    this.#source = source;
  }

  /** The extensions, in the order they were added. */
  get extensions(): readonly Extension[] {
    return this.#extensions;
  }

  /** The capabilities handed to every hook. */
  get context(): ExtensionContext {
    this.#context ??= extensionContext({ ...this.#source, inbox: this.inbox });
    return this.#context;
  }

  /** Runs every `bind` (once the agent is built). */
  bind(): void {
    for (const ext of this.#extensions) ext.bind?.(this.context);
  }

  /** A clear or a load began: drops queued interjections, then runs every `onConversationReset`. */
  reset(): void {
    this.inbox.drain();
    for (const ext of this.#extensions) ext.onConversationReset?.(this.context);
  }

  /** A load finished: runs every `onHistoryLoaded` with the loaded messages. */
  loaded(messages: readonly HistoryMessage[]): void {
    for (const ext of this.#extensions) ext.onHistoryLoaded?.(this.context, messages);
  }
}
