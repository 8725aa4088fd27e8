import { type Content, contentText, type Extension, type ExtensionContext, type Model } from '@kodama/core';
import {
  type Configurator,
  defineExtensionKey,
  type ExtensionKey,
  type TrifectaContribution,
} from '@kodama/core/extensions';
import { captureMessage } from '../capture/capture-message.ts';
import { Recorder } from '../capture/recorder.ts';
import { memoryContextBlock, residentSummary } from './memory-context.ts';
import { MEMORY_CAPTURED, MEMORY_ERROR } from './memory-events.ts';
import type { MemoryStore } from './memory-store.ts';
import { MEMORY_LEGS, memoryTools } from './memory-tools.ts';

/** Options of {@link MemoryExtension.create}. */
export interface MemoryExtensionOptions {
  readonly store: MemoryStore;
  /** Whose memories: every read and write is keyed by it. */
  readonly userId: string;
  /** The model that captures facts (default: the agent's own model). */
  readonly model?: Model;
  /** Capture facts from the user's messages in the background (default true). */
  readonly capture?: boolean;
  /** Offer recall, remember and forget (default true). */
  readonly tools?: boolean;
  /** Memories fetched per user message for `<memory-context>` (default 5; 0 turns the prefetch off). */
  readonly prefetchK?: number;
  /** Characters of the `<memory-context>` block's facts (default 1,200). */
  readonly prefetchChars?: number;
  /** Characters of the resident summary's facts (default 1,500; 0 turns it off). */
  readonly summaryChars?: number;
}

/**
 * Memory across conversations for one agent, in pikuri's three tiers:
 * 1. a resident summary of what is known about the user in the system prompt;
 * 2. on each user message, the matching memories injected right after it as
 *    a bounded `<memory-context>` block (an injected message, never a user
 *    turn, so it is never captured again);
 * 3. `recall`, `remember` and `forget` tools.
 *
 * Capture runs in the background ({@link Recorder}) and is flushed when the
 * agent closes: only the text of the user's own messages is captured (never
 * tool results, web pages or injected context), facts are reconciled with
 * existing memories by the model, and every change is recorded with its
 * time and the id of the message it came from.
 *
 * Domain events: `memory.captured` `{ facts, operations }`, `memory.error` `{ stage, message }`.
 */
export class MemoryExtension implements Extension {
  /** Finds the extension on an agent: `findExtension(agent.extensions, MemoryExtension.key)`. */
  static readonly key: ExtensionKey<MemoryExtension> = defineExtensionKey('memory');
  readonly name: string = MemoryExtension.key;
  readonly #options: MemoryExtensionOptions;
  readonly #recorder: Recorder;
  #summary: string | undefined;
  #context: ExtensionContext | undefined;

  private constructor(options: MemoryExtensionOptions, summary: string | undefined) {
    this.#options = options;
    this.#summary = summary;
    this.#recorder = new Recorder((error) => this.#report('capture', error));
  }

  /** Builds the extension, reading the user's memories for the resident summary. */
  static async create(options: MemoryExtensionOptions): Promise<MemoryExtension> {
    const extension = new MemoryExtension(options, undefined);
    await extension.refreshSummary();
    return extension;
  }

  /** Captures queued or running. */
  get pendingCaptures(): number {
    return this.#recorder.pending;
  }

  /** Waits for every capture queued so far (the agent's close does this too). */
  flush(): Promise<void> {
    return this.#recorder.flush();
  }

  /** Re-reads the resident summary; it reaches the system prompt when it is next assembled (a clear, a load). */
  async refreshSummary(): Promise<void> {
    const chars = this.#options.summaryChars ?? 1500;
    this.#summary =
      chars > 0 ? residentSummary(await this.#options.store.list(this.#options.userId), chars) : undefined;
  }

  /** Adds recall, remember and forget unless turned off. */
  configure(c: Configurator): void {
    if (this.#options.tools === false) return;
    for (const tool of memoryTools(this.#options.store, this.#options.userId)) c.addTool(tool);
  }

  /** Keeps the context (for events) and flushes the captures when the agent closes. */
  bind(context: ExtensionContext): void {
    this.#context = context;
    context.onClose(() => this.flush());
  }

  /** Queues the capture of the user's words, then answers the prefetch block (or nothing). */
  async onUserMessage(context: ExtensionContext, content: Content): Promise<Content | undefined> {
    const text = contentText(content).trim();
    if (text === '') return undefined;
    if (this.#options.capture !== false) this.#queueCapture(context, text);
    const k = this.#options.prefetchK ?? 5;
    if (k <= 0) return undefined;
    try {
      const hits = await this.#options.store.search(this.#options.userId, text, k);
      return memoryContextBlock(hits, this.#options.prefetchChars ?? 1200);
    } catch (error) {
      this.#report('prefetch', error);
      return undefined;
    }
  }

  /** The resident summary, when anything is known. */
  systemPromptSnippets(): readonly string[] {
    return this.#summary === undefined ? [] : [this.#summary];
  }

  /** Memory is private data: the legs of {@link MEMORY_LEGS} under `extension:memory`. */
  trifectaContribution(): TrifectaContribution {
    return { legs: { 'extension:memory': MEMORY_LEGS } };
  }

  #queueCapture(context: ExtensionContext, text: string): void {
    const history = context.agent.exportHistory().messages;
    const last = [...history].reverse().find((m) => m.kind === 'user');
    const source = last ? `message:${last.id}` : 'message:unknown';
    const model = this.#options.model ?? context.agent.model;
    this.#recorder.enqueue(async () => {
      const result = await captureMessage(
        { model, store: this.#options.store, userId: this.#options.userId, source },
        text,
      );
      if (result.operations.some((op) => op.event !== 'NONE')) await this.refreshSummary();
      context.emit(MEMORY_CAPTURED, result);
    });
  }

  #report(stage: string, error: unknown): void {
    this.#context?.emit(MEMORY_ERROR, {
      stage,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
