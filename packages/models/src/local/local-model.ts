import type { Model, Usage } from '@kodama/core';
import type { ModelCapabilities, ModelRequest, ModelStreamPart, StreamOptions } from '@kodama/core/model';
import type {
  ChatHistoryItem,
  ChatModelFunctions,
  LlamaChat,
  LlamaChatResponse,
  LlamaChatResponseChunk,
  LlamaContextSequence,
} from 'node-llama-cpp';

type Response = LlamaChatResponse<ChatModelFunctions>;

import { toAbortError } from '../retry/abort-error.ts';
import { type RuntimeSettings, releaseSharedModel, type SharedModel } from './llama-runtime.ts';
import { fromLlamaError, localContextOverflow } from './local-errors.ts';
import { localMaxTokens } from './local-options.ts';
import { PartQueue } from './part-queue.ts';
import { dropNullOptionals, toChatHistory, toFunctions } from './to-chat-history.ts';

const STOP_REASONS: Record<string, 'stop' | 'tool-calls' | 'length' | 'other'> = {
  eogToken: 'stop',
  stopGenerationTrigger: 'stop',
  customStopTrigger: 'stop',
  functionCalls: 'tool-calls',
  maxTokens: 'length',
};

let fallbackCallIds = 0;

/** What {@link LocalModel} is built from (see `resolveModel` for `local:` targets). */
export interface LocalModelInit {
  readonly shared: SharedModel;
  readonly settings: RuntimeSettings;
  /** The model id reported: the target's file or URI. */
  readonly modelId: string;
  readonly temperature?: number;
  readonly seed?: number;
  /** Output-token limit of a request that sets none; default {@link localMaxTokens} of the context. */
  readonly maxTokens?: number;
  /** What the caller declares over what is known of the loaded file (field by field). */
  readonly capabilities?: ModelCapabilities;
}

/**
 * kodama's {@link Model} over a GGUF file run in-process by node-llama-cpp.
 * Each request borrows one context sequence of the shared loaded model
 * (waiting when all are busy) and generates with `LlamaChat.generateResponse`,
 * which returns tool calls without running them: kodama's loop runs them.
 * A JSON response format becomes a grammar; with tools offered too, the
 * tool calls stay free and a text answer is generated again under the grammar.
 */
export class LocalModel implements Model {
  readonly specificationVersion = 'kodama.model.v1' as const;
  readonly provider = 'local';
  readonly modelId: string;
  readonly maxRetries = 0;
  readonly supportsJsonSchema = true;
  /**
   * Known of every local model: no image input (its chat history drops
   * images), JSON mode through a grammar, and the context it was loaded with.
   * Reasoning and prices are unknown unless declared.
   */
  readonly capabilities: ModelCapabilities;
  readonly #shared: SharedModel;
  readonly #settings: RuntimeSettings;
  readonly #temperature: number | undefined;
  readonly #seed: number | undefined;
  readonly #maxTokens: number;
  #closed: Promise<void> | undefined;

  constructor(init: LocalModelInit) {
    this.#shared = init.shared;
    this.#settings = init.settings;
    this.modelId = init.modelId;
    this.#temperature = init.temperature;
    this.#seed = init.seed;
    this.#maxTokens = localMaxTokens(init.maxTokens, init.shared.context.contextSize);
    const declared = Object.entries(init.capabilities ?? {}).filter(([, v]) => v !== undefined);
    this.capabilities = {
      imageInput: false,
      jsonSchema: true,
      contextWindow: init.shared.context.contextSize,
      ...Object.fromEntries(declared),
    };
  }

  /** The context size of every sequence (exactly what a request may hold), unless one was declared. */
  async contextWindow(): Promise<number> {
    return this.capabilities.contextWindow ?? this.#shared.context.contextSize;
  }

  /** The path of the loaded GGUF file. */
  get path(): string {
    return this.#shared.path;
  }

  /** Releases this handle; the model is freed when no other handle uses it. Idempotent. */
  close(): Promise<void> {
    this.#closed ??= releaseSharedModel(this.#shared, this.#settings);
    return this.#closed;
  }

  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<ModelStreamPart> {
    if (this.#closed) throw new Error(`local model ${this.modelId} is closed`);
    const queue = new PartQueue<ModelStreamPart>();
    this.#run(request, options, queue).then(
      () => queue.end(),
      (error: unknown) => queue.fail(error),
    );
    return queue;
  }

  async #run(
    request: ModelRequest,
    options: StreamOptions,
    queue: PartQueue<ModelStreamPart>,
  ): Promise<void> {
    const { signal } = options;
    if (signal?.aborted) throw toAbortError(signal);
    const sequence = await this.#shared.acquire(signal).catch(() => {
      throw toAbortError(signal);
    });
    try {
      const meter = sequence.tokenMeter.getState();
      const functions = toFunctions(request);
      const schema = request.responseFormat?.schema;
      // With tools and a schema, text is held back: a text answer is redone under the grammar.
      const holdText = functions !== undefined && schema !== undefined;
      let response = await this.#generate(
        sequence,
        request,
        options,
        queue,
        functions === undefined ? { grammarSchema: schema } : { functions, holdText },
      );
      if (holdText && !response.functionCalls?.length) {
        response = await this.#generate(sequence, request, options, queue, { grammarSchema: schema });
      }
      this.#emitCalls(request, response, options, queue);
      const outputTokens = sequence.tokenMeter.diff(meter).usedOutputTokens;
      const usage: Usage = {
        inputTokens: Math.max(0, sequence.contextTokens.length - outputTokens),
        outputTokens,
        cacheReadTokens: undefined,
        cacheWriteTokens: undefined,
        reasoningTokens: undefined,
      };
      queue.push({ type: 'usage', usage });
      const raw = response.metadata.stopReason;
      queue.push({ type: 'finish', reason: STOP_REASONS[raw] ?? 'other', rawReason: raw });
    } catch (error) {
      if (signal?.aborted) throw toAbortError(signal);
      throw fromLlamaError(error, this.#shared.context.contextSize);
    } finally {
      this.#shared.release(sequence);
    }
  }

  async #generate(
    sequence: LlamaContextSequence,
    request: ModelRequest,
    options: StreamOptions,
    queue: PartQueue<ModelStreamPart>,
    mode: { functions?: ChatModelFunctions; holdText?: boolean; grammarSchema?: unknown },
  ): Promise<Response> {
    const { LlamaChat } = this.#shared.lib;
    const chat = new LlamaChat({
      contextSequence: sequence,
      chatWrapper: this.#shared.chatWrapper ?? 'auto',
      autoDisposeSequence: false,
    });
    this.#shared.chatWrapper = chat.chatWrapper;
    const grammar =
      mode.grammarSchema === undefined ? undefined : await this.#shared.grammarFor(mode.grammarSchema);
    const held: string[] = [];
    const onResponseChunk = (chunk: LlamaChatResponseChunk) => {
      if (!chunk.text) return;
      if (chunk.type === 'segment') queue.push({ type: 'reasoning-delta', text: chunk.text });
      else if (mode.holdText) held.push(chunk.text);
      else queue.push({ type: 'text-delta', text: chunk.text });
    };
    try {
      const history = toChatHistory(request);
      this.#checkFits(chat, history, mode.functions);
      const common = {
        signal: options.signal,
        stopOnAbortSignal: false,
        maxTokens: request.maxOutputTokens ?? this.#maxTokens,
        temperature: request.temperature ?? this.#temperature ?? 0,
        seed: this.#seed,
        onResponseChunk,
      };
      const response: Response = grammar
        ? await chat.generateResponse(history, { ...common, grammar })
        : await chat.generateResponse(history, { ...common, functions: mode.functions });
      if (mode.holdText && response.functionCalls?.length) {
        for (const text of held) queue.push({ type: 'text-delta', text });
      }
      return response;
    } finally {
      chat.dispose({ disposeSequence: false });
    }
  }

  /**
   * Refuses a prompt that fills the whole context with the typed overflow.
   * node-llama-cpp would instead shorten it itself (its context shift cuts the
   * start of a long message) and answer a conversation the agent never sent;
   * the agent's compaction keeps what matters. One tokenization of the prompt.
   */
  #checkFits(chat: LlamaChat, history: ChatHistoryItem[], functions: ChatModelFunctions | undefined): void {
    const { contextText } = chat.chatWrapper.generateContextState({
      chatHistory: history,
      availableFunctions: functions,
    });
    const tokens = contextText.tokenize(this.#shared.model.tokenizer).length;
    const contextSize = this.#shared.context.contextSize;
    if (tokens >= contextSize)
      throw localContextOverflow(contextSize, `the prompt alone is ${tokens} tokens`);
  }

  #emitCalls(
    request: ModelRequest,
    response: Response,
    options: StreamOptions,
    queue: PartQueue<ModelStreamPart>,
  ): void {
    for (const call of response.functionCalls ?? []) {
      const id = options.ids?.next('tool-call') ?? `call_local_${++fallbackCallIds}`;
      const input = dropNullOptionals(request, call.functionName, call.params ?? {});
      const args = JSON.stringify(input);
      queue.push({ type: 'tool-call-start', id, name: call.functionName });
      queue.push({ type: 'tool-call-delta', id, argumentsDelta: args });
      queue.push({
        type: 'tool-call-end',
        call: { id, name: call.functionName, arguments: args },
        input,
      });
    }
  }
}
