import type { FetchFunction } from '../http/fetch-json.ts';
import { fetchJson } from '../http/fetch-json.ts';
import { isAbortError } from '../retry/abort-error.ts';
import type { LocalProvider } from './parse-target.ts';
import { LOCAL_DEFAULTS, localRoot, type ModelEnv } from './provider-env.ts';

/** Options of {@link discoverDefaultModel}. */
export interface DiscoverOptions {
  /** Where keys and base URLs are read; defaults to `process.env`. */
  readonly env?: ModelEnv;
  /** Ports to probe on 127.0.0.1 instead of the defaults (8080, 11434, 1234); tests point these at scripted servers. */
  readonly probePorts?: Partial<Readonly<Record<LocalProvider, number>>>;
  /** Per-probe timeout; default 1 s (a local server answers at once, but a busy one may take a moment). */
  readonly timeoutMs?: number;
  readonly fetch?: FetchFunction;
  readonly signal?: AbortSignal;
}

/** What {@link discoverDefaultModel} found. */
export interface DiscoveredModel {
  /** A target string for `resolveModel`, resolvable with the same env. */
  readonly target: string;
  /** Why: `local server` or the env var that held the key. */
  readonly reason: string;
}

/** Hosted providers in preference order, with the env var(s) that enable them and a default model. */
const HOSTED_DEFAULTS: ReadonlyArray<{ readonly vars: readonly string[]; readonly target: string }> = [
  { vars: ['OPENAI_API_KEY'], target: 'openai:gpt-4.1' },
  { vars: ['ANTHROPIC_API_KEY'], target: 'anthropic:claude-sonnet-4-5' },
  { vars: ['OPENROUTER_API_KEY'], target: 'openrouter:anthropic/claude-sonnet-4.5' },
  { vars: ['GEMINI_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY'], target: 'google:gemini-2.5-flash' },
];

const LOCAL_ORDER: readonly LocalProvider[] = ['llamacpp', 'ollama', 'lmstudio'];

/**
 * The model to use when the user named none: the first local server that
 * answers `GET /v1/models` (llama.cpp on 8080, Ollama on 11434, LM Studio on
 * 1234, or the env's base URLs), else the first API key found in the order
 * OPENAI, ANTHROPIC, OPENROUTER, GEMINI, else `undefined`. Local servers are
 * probed in parallel with a short timeout; the order decides among those that answer.
 */
export async function discoverDefaultModel(
  options: DiscoverOptions = {},
): Promise<DiscoveredModel | undefined> {
  const env = options.env ?? process.env;
  const candidates = LOCAL_ORDER.map((provider) => {
    const port = options.probePorts?.[provider];
    const root = port === undefined ? localRoot(provider, env) : `http://127.0.0.1:${port}`;
    // A probed port that differs from what the env says is only reachable by URL.
    const target = root === localRoot(provider, env) ? provider : `openai-compatible:${root}/v1`;
    return { provider, root, target };
  });
  const answers = await Promise.all(
    candidates.map(async ({ root }) => {
      try {
        await fetchJson(`${root}/v1/models`, {
          fetch: options.fetch,
          signal: options.signal,
          timeoutMs: options.timeoutMs ?? 1000,
        });
        return true;
      } catch (error) {
        if (options.signal?.aborted || isAbortError(error)) throw error;
        return false;
      }
    }),
  );
  const found = candidates.find((_, i) => answers[i]);
  if (found)
    return {
      target: found.target,
      reason: `${LOCAL_DEFAULTS[found.provider].label} answered at ${found.root}`,
    };
  for (const hosted of HOSTED_DEFAULTS) {
    const name = hosted.vars.find((v) => env[v]?.trim());
    if (name) return { target: hosted.target, reason: `${name} is set` };
  }
  return undefined;
}
