import type { Model } from '@kodama/core';
import { fromAiSdk } from '../adapter/from-ai-sdk.ts';
import { type ContextWindowSource, contextWindowChain } from '../context-window/context-window-chain.ts';
import { lookupKnownContextWindow } from '../context-window/known-context-windows.ts';
import { ModelTargetError } from '../errors.ts';
import { createChatCompletionsModel } from '../openai-compatible/chat-completions-model.ts';
import type { ProviderContext } from './hosted-models.ts';
import { importProvider } from './import-provider.ts';
import { listModels } from './list-models.ts';

/** Which implementation talks to OpenAI-compatible servers. */
export type OpenAICompatibleAdapter = 'kodama' | 'ai-sdk';

/** Everything needed to build one OpenAI-compatible model. */
export interface CompatibleServer {
  /** Target string, for error messages. */
  readonly target: string;
  readonly provider: string;
  /** API base including `/v1`. */
  readonly baseURL: string;
  readonly modelId?: string;
  readonly apiKey?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly contextSources: readonly ContextWindowSource[];
  /** Ask `GET /models` first (local servers): checks reachability and credentials, picks a model. */
  readonly probe: boolean;
  readonly unreachableHint: string;
  readonly authHint: string;
}

/**
 * Builds a model for an OpenAI-compatible server: probes `GET <base>/models`
 * when asked to (the first listed model is used when none is named), then
 * wraps it with kodama's lean adapter (default) or the AI SDK's
 * `@ai-sdk/openai-compatible` with `includeUsage: true`.
 */
export async function compatibleModel(
  server: CompatibleServer,
  ctx: ProviderContext & { readonly implementation: OpenAICompatibleAdapter; readonly signal?: AbortSignal },
): Promise<Model> {
  let modelId = server.modelId;
  if (server.probe) {
    const listed = await listModels(server.baseURL, {
      apiKey: server.apiKey,
      fetch: ctx.fetch,
      signal: ctx.signal,
      provider: server.provider,
      unreachableHint: server.unreachableHint,
      authHint: server.authHint,
    });
    modelId ??= listed?.[0];
  }
  if (!modelId) {
    throw new ModelTargetError(
      server.target,
      `${server.provider} at ${server.baseURL} lists no models; name one, e.g. ${server.target.split('@')[0]}${server.provider === 'openai-compatible' ? '@' : ':'}<model id>`,
    );
  }
  // A server that is never probed (OpenRouter) has its window from the table, known at once.
  const tableOnly = server.contextSources.every((source) => source.kind === 'table');
  const adapter = {
    ...ctx.adapter,
    contextWindow: ctx.adapter.contextWindow ?? (tableOnly ? lookupKnownContextWindow(modelId) : undefined),
    provider: server.provider,
    authHint: server.authHint,
    unreachableHint: server.unreachableHint,
    probeContextWindow: contextWindowChain(modelId, server.contextSources, ctx.fetch),
  };
  if (ctx.implementation === 'ai-sdk') {
    // Imported on first use: the default (lean) path never loads the AI SDK.
    const { createOpenAICompatible } = await importProvider(
      server.target,
      '@ai-sdk/openai-compatible',
      () => import('@ai-sdk/openai-compatible'),
    );
    const provider = createOpenAICompatible({
      name: server.provider,
      baseURL: server.baseURL,
      apiKey: server.apiKey,
      headers: server.headers ? { ...server.headers } : undefined,
      includeUsage: true,
      // Without it the provider sends `json_object` and drops the schema.
      supportsStructuredOutputs: true,
      fetch: ctx.fetch,
    });
    return fromAiSdk(provider.chatModel(modelId), { ...adapter, supportsJsonSchema: true });
  }
  return createChatCompletionsModel({
    ...adapter,
    baseURL: server.baseURL,
    modelId,
    apiKey: server.apiKey,
    headers: server.headers,
    fetch: ctx.fetch,
  });
}
