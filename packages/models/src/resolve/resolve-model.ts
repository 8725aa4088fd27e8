import type { Model } from '@kodama/core';
import type { ModelCapabilities } from '@kodama/core/model';
import type { AdapterOptions } from '../adapter/from-ai-sdk.ts';
import type { FetchFunction } from '../http/fetch-json.ts';
import type { LocalModelOptions } from '../local/local-options.ts';
import { resolveLocalModel } from '../local/resolve-local-model.ts';
import type { RetryPolicy } from '../retry/retry-policy.ts';
import { compatibleModel, type OpenAICompatibleAdapter } from './compatible-models.ts';
import {
  anthropicModel,
  googleModel,
  openAIModel,
  type ProviderContext,
  requireKey,
} from './hosted-models.ts';
import { parseTarget } from './parse-target.ts';
import { envValue, LOCAL_DEFAULTS, localRoot, type ModelEnv } from './provider-env.ts';

/** Options of {@link resolveModel}. */
export interface ResolveModelOptions {
  /** Where keys and base URLs are read; defaults to `process.env`. */
  readonly env?: ModelEnv;
  /** Context window in tokens; wins over every probe. */
  readonly contextWindow?: number;
  /**
   * What you know of the model that kodama's tables do not (a server's vision
   * model: `{ imageInput: true }`, your negotiated `prices`), field by field
   * over what they know. The model's `capabilities` are the result.
   */
  readonly capabilities?: ModelCapabilities;
  /** Retries per call (default 2). Shorthand for `retry.maxRetries`. */
  readonly maxRetries?: number;
  /** Full retry policy (base and cap of the backoff); tests shrink the delays. */
  readonly retry?: RetryPolicy;
  /**
   * Milliseconds a model stream may stay silent before it is aborted with a
   * `StreamIdleTimeoutError` (retried while nothing reached the caller).
   * Default `DEFAULT_IDLE_TIMEOUT_MS` (60 s); `Infinity` turns it off.
   */
  readonly idleTimeoutMs?: number;
  /**
   * Milliseconds a stream may go on sending only keep-alives (SSE comments,
   * blank lines, chunks with no text, reasoning or tool call) before it is
   * closed with a `StreamKeepAliveError` (never retried). Such keep-alives
   * reset the idle timeout, so this is what ends a server that sends nothing
   * else. Default `DEFAULT_KEEP_ALIVE_LIMIT_MS` (10 minutes); `Infinity`
   * turns it off. Read by the lean OpenAI-compatible adapter (the AI SDK
   * adapters' idle timeout already ignores keep-alives).
   */
  readonly keepAliveLimitMs?: number;
  /**
   * Output-token limit of every request that sets none
   * (`ModelRequest.maxOutputTokens` wins): sent as `max_tokens` and its
   * equivalents. Default: the provider's own; for `local:` models
   * `local.maxTokens`, else `DEFAULT_LOCAL_MAX_TOKENS`.
   */
  readonly maxOutputTokens?: number;
  /** `fetch` used for every request (probes and model calls). */
  readonly fetch?: FetchFunction;
  /** Aborts the resolution's own probes. */
  readonly signal?: AbortSignal;
  /**
   * Implementation for the OpenAI-compatible family (llamacpp, ollama,
   * lmstudio, openai-compatible, openrouter): kodama's lean adapter (default)
   * or `@ai-sdk/openai-compatible`.
   */
  readonly openAICompatibleAdapter?: OpenAICompatibleAdapter;
  /** Settings of `local:` models (the target's query string wins): context, threads, GPU, download progress. */
  readonly local?: LocalModelOptions;
}

const OPENROUTER_BASE = 'https://openrouter.ai/api/v1';

/**
 * Turns a target string into a ready {@link Model}. Grammar (full version in
 * docs/models.md):
 * - `openai:<id>`, `anthropic:<id>`, `google:<id>` — hosted, key from the env
 * - `openrouter:<vendor>/<id>` — OPENROUTER_API_KEY
 * - `llamacpp[:<id>]`, `ollama[:<id>]`, `lmstudio[:<id>]` — local servers at their
 *   default ports (or LLAMACPP_BASE_URL, OLLAMA_HOST, LMSTUDIO_BASE_URL); no id = first listed model
 * - `openai-compatible:<base url>[@<id>]` — any server; no id = first model of `GET <base>/models`
 * - `local[:<file.gguf>|:hf:<user>/<repo>/<file>.gguf][?ctx=&threads=&gpu=auto&...]` — in-process
 *   llama.cpp through the optional node-llama-cpp (loaded only here); no file = the default model
 *
 * Async because local servers are probed (`GET /models`) to check they answer
 * and to pick a model. Throws `ModelTargetError`, `MissingApiKeyError`,
 * `ModelServerUnreachableError` or `ModelAuthError`, each naming the fix.
 */
export async function resolveModel(target: string, options: ResolveModelOptions = {}): Promise<Model> {
  const parsed = parseTarget(target);
  const env = options.env ?? process.env;
  const adapter: AdapterOptions = {
    contextWindow: options.contextWindow,
    capabilities: options.capabilities,
    idleTimeoutMs: options.idleTimeoutMs,
    keepAliveLimitMs: options.keepAliveLimitMs,
    maxOutputTokens: options.maxOutputTokens,
    retry: {
      ...options.retry,
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    },
  };
  const ctx: ProviderContext = { env, fetch: options.fetch, adapter };
  const compatible = {
    ...ctx,
    implementation: options.openAICompatibleAdapter ?? 'kodama',
    signal: options.signal,
  } as const;

  switch (parsed.provider) {
    case 'openai':
      return openAIModel(parsed.modelId, ctx);
    case 'anthropic':
      return anthropicModel(parsed.modelId, ctx);
    case 'google':
      return googleModel(parsed.modelId, ctx);
    case 'openrouter':
      return compatibleModel(
        {
          target,
          provider: 'openrouter',
          baseURL: envValue(env, 'OPENROUTER_BASE_URL')?.replace(/\/+$/, '') ?? OPENROUTER_BASE,
          modelId: parsed.modelId,
          apiKey: requireKey('OpenRouter', env, 'OPENROUTER_API_KEY'),
          headers: { 'X-Title': 'kodama' },
          contextSources: [{ kind: 'table' }],
          probe: false,
          unreachableHint: 'check your network or OPENROUTER_BASE_URL',
          authHint: 'check OPENROUTER_API_KEY or pick another --model',
        },
        compatible,
      );
    case 'llamacpp':
    case 'ollama':
    case 'lmstudio': {
      const root = localRoot(parsed.provider, env);
      const { env: envVar, label } = LOCAL_DEFAULTS[parsed.provider];
      const probe = parsed.provider === 'lmstudio' ? [] : [{ kind: parsed.provider, root } as const];
      return compatibleModel(
        {
          target,
          provider: parsed.provider,
          baseURL: `${root}/v1`,
          modelId: parsed.modelId,
          contextSources: [...probe, { kind: 'table' }],
          probe: true,
          unreachableHint: `start ${label} there, set ${envVar}, or pick another --model`,
          authHint: `the server wants a key kodama does not send; pick another --model`,
        },
        compatible,
      );
    }
    case 'local':
      return resolveLocalModel(parsed, {
        ...options.local,
        maxTokens: options.local?.maxTokens ?? options.maxOutputTokens,
        env,
        signal: options.signal,
        capabilities: options.capabilities,
      });
    case 'openai-compatible': {
      const root = parsed.baseURL.replace(/\/v1$/, '');
      return compatibleModel(
        {
          target,
          provider: 'openai-compatible',
          baseURL: parsed.baseURL,
          modelId: parsed.modelId,
          apiKey: envValue(env, 'OPENAI_COMPATIBLE_API_KEY'),
          contextSources: [{ kind: 'llamacpp', root }, { kind: 'ollama', root }, { kind: 'table' }],
          probe: true,
          unreachableHint: 'check that the server is running at that URL, or pick another --model',
          authHint: 'set OPENAI_COMPATIBLE_API_KEY or pick another --model',
        },
        compatible,
      );
    }
  }
}
