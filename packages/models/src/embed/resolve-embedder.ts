import type { Embedder } from '@kodama/core/model';
import { ModelTargetError } from '../errors.ts';
import type { FetchFunction } from '../http/fetch-json.ts';
import type { LocalModelOptions } from '../local/local-options.ts';
import { requireKey } from '../resolve/hosted-models.ts';
import { parseTarget } from '../resolve/parse-target.ts';
import { envValue, LOCAL_DEFAULTS, localRoot, type ModelEnv } from '../resolve/provider-env.ts';
import type { RetryPolicy } from '../retry/retry-policy.ts';
import { createGoogleEmbedder } from './google-embedder.ts';
import { createLocalEmbedder } from './local-embedder.ts';
import { createOpenAICompatibleEmbedder } from './openai-embedder.ts';

/** Options of {@link resolveEmbedder}. */
export interface ResolveEmbedderOptions {
  /** Where keys and base URLs are read; defaults to `process.env`. */
  readonly env?: ModelEnv;
  /** Retry policy of every call (the chat default: 2 retries, 1 s base, 30 s cap). */
  readonly retry?: RetryPolicy;
  /** Texts per request. */
  readonly batchSize?: number;
  /** Ask for vectors of this length (models that can shorten theirs). */
  readonly dimensions?: number;
  readonly fetch?: FetchFunction;
  /** Settings of a `local:` embedding model (threads, gpu, cache folder). */
  readonly local?: LocalModelOptions;
}

/**
 * Turns an embedding target into an {@link Embedder}, with the grammar of
 * chat targets (docs/models.md): `openai:<id>` (OPENAI_API_KEY,
 * OPENAI_BASE_URL), `google:<id>` (GEMINI_API_KEY), `ollama:<id>`,
 * `llamacpp[:<id>]`, `lmstudio:<id>` (their default ports or env),
 * `openai-compatible:<base url>@<id>` (OPENAI_COMPATIBLE_API_KEY),
 * `openrouter:<vendor>/<id>`, `local:<file.gguf>` / `local:hf:<user>/<repo>/<file>.gguf`.
 * Nothing is contacted until the first `embed`.
 *
 * @throws ModelTargetError for a malformed target or one with no model id
 *   where the server cannot pick one; MissingApiKeyError for a hosted target without its key.
 */
export function resolveEmbedder(target: string, options: ResolveEmbedderOptions = {}): Embedder {
  const parsed = parseTarget(target);
  const env = options.env ?? process.env;
  const common = {
    retry: options.retry,
    batchSize: options.batchSize,
    dimensions: options.dimensions,
    fetch: options.fetch,
  };
  const needId = (id: string | undefined, example: string): string => {
    if (id) return id;
    throw new ModelTargetError(target, `"${target}" names no embedding model; write e.g. ${example}`);
  };
  switch (parsed.provider) {
    case 'openai':
      return createOpenAICompatibleEmbedder({
        ...common,
        provider: 'openai',
        baseURL: envValue(env, 'OPENAI_BASE_URL') ?? 'https://api.openai.com/v1',
        modelId: parsed.modelId,
        apiKey: requireKey('OpenAI', env, 'OPENAI_API_KEY'),
        authHint: 'check OPENAI_API_KEY or pick another --embed',
        unreachableHint: 'check your network or OPENAI_BASE_URL',
      });
    case 'google':
      return createGoogleEmbedder({
        ...common,
        modelId: parsed.modelId,
        apiKey: requireKey('Google', env, 'GEMINI_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY'),
        baseURL: envValue(env, 'GOOGLE_BASE_URL'),
      });
    case 'openrouter':
      return createOpenAICompatibleEmbedder({
        ...common,
        provider: 'openrouter',
        baseURL: envValue(env, 'OPENROUTER_BASE_URL') ?? 'https://openrouter.ai/api/v1',
        modelId: parsed.modelId,
        apiKey: requireKey('OpenRouter', env, 'OPENROUTER_API_KEY'),
      });
    case 'anthropic':
      throw new ModelTargetError(
        target,
        'Anthropic has no embedding API; use e.g. openai:text-embedding-3-small, ollama:nomic-embed-text or local:<embedding model>.gguf',
      );
    case 'llamacpp':
    case 'ollama':
    case 'lmstudio': {
      const { env: envVar, label } = LOCAL_DEFAULTS[parsed.provider];
      return createOpenAICompatibleEmbedder({
        ...common,
        provider: parsed.provider,
        baseURL: `${localRoot(parsed.provider, env)}/v1`,
        // llama-server serves the one model it loaded whatever the name.
        modelId:
          parsed.provider === 'llamacpp'
            ? (parsed.modelId ?? 'default')
            : needId(parsed.modelId, `${parsed.provider}:nomic-embed-text`),
        unreachableHint: `start ${label} there (with an embedding model), set ${envVar}, or pick another --embed`,
      });
    }
    case 'openai-compatible':
      return createOpenAICompatibleEmbedder({
        ...common,
        baseURL: parsed.baseURL,
        modelId: needId(parsed.modelId, `openai-compatible:${parsed.baseURL}@<model id>`),
        apiKey: envValue(env, 'OPENAI_COMPATIBLE_API_KEY'),
        authHint: 'set OPENAI_COMPATIBLE_API_KEY or pick another --embed',
        unreachableHint: 'check that the server is running at that URL, or pick another --embed',
      });
    case 'local':
      if (parsed.source.kind === 'default') {
        throw new ModelTargetError(
          target,
          'local embeddings need an embedding model file: local:<file.gguf> or local:hf:<user>/<repo>/<file>.gguf',
        );
      }
      return createLocalEmbedder(parsed, { ...options.local, env });
  }
}
