import { ModelTargetError } from '../errors.ts';
import { type LocalTarget, parseLocalTarget } from '../local/local-target.ts';

/** Providers reached through hosted APIs with a key. */
export type HostedProvider = 'openai' | 'anthropic' | 'google' | 'openrouter';
/** Providers that are local OpenAI-compatible servers at a known default address. */
export type LocalProvider = 'llamacpp' | 'ollama' | 'lmstudio';

/** A parsed model target string. */
export type ModelTarget =
  | { readonly provider: HostedProvider; readonly modelId: string }
  | { readonly provider: LocalProvider; readonly modelId?: string }
  | { readonly provider: 'openai-compatible'; readonly baseURL: string; readonly modelId?: string }
  | LocalTarget;

const HOSTED = new Set<string>(['openai', 'anthropic', 'google', 'openrouter']);
const LOCAL = new Set<string>(['llamacpp', 'ollama', 'lmstudio']);
/** Every provider name the grammar knows, for error messages. */
export const KNOWN_PROVIDERS: readonly string[] = [...HOSTED, ...LOCAL, 'openai-compatible', 'local'];

function httpUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? text.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** `<url>[@<id>]`: the last `@` splits off a model id when what precedes it is a URL (no userinfo URLs). */
function parseCompatible(target: string, rest: string): ModelTarget {
  const at = rest.lastIndexOf('@');
  const left = at > 0 ? httpUrl(rest.slice(0, at)) : undefined;
  if (left !== undefined) {
    const modelId = rest.slice(at + 1).trim();
    if (!modelId) {
      throw new ModelTargetError(
        target,
        `"${target}" ends with "@" but names no model; write <url>@<model id>`,
      );
    }
    return { provider: 'openai-compatible', baseURL: left, modelId };
  }
  const whole = httpUrl(rest);
  if (whole !== undefined) return { provider: 'openai-compatible', baseURL: whole };
  throw new ModelTargetError(
    target,
    `"${target}" needs the server's base URL, e.g. openai-compatible:http://127.0.0.1:8080/v1 (optionally @<model id>)`,
  );
}

/**
 * Parses a model target string (grammar in docs/models.md):
 * `openai:<id>`, `anthropic:<id>`, `google:<id>`, `openrouter:<vendor>/<id>`,
 * `llamacpp[:<id>]`, `ollama[:<id>]`, `lmstudio[:<id>]`,
 * `openai-compatible:<base url>[@<id>]`, `local[:<file.gguf> | :hf:<user>/<repo>/<file>.gguf][?options]`.
 * Throws {@link ModelTargetError}.
 */
export function parseTarget(target: string): ModelTarget {
  const text = target.trim();
  if (!text) {
    throw new ModelTargetError(
      target,
      'empty model target; write provider:model, e.g. anthropic:claude-sonnet-4-5',
    );
  }
  const colon = text.indexOf(':');
  const provider = colon === -1 ? text : text.slice(0, colon);
  const rest = colon === -1 ? '' : text.slice(colon + 1).trim();
  if (provider === 'openai-compatible') return parseCompatible(target, rest);
  if (provider === 'local') return parseLocalTarget(target, rest);
  if (LOCAL.has(provider)) {
    return rest
      ? { provider: provider as LocalProvider, modelId: rest }
      : { provider: provider as LocalProvider };
  }
  if (HOSTED.has(provider)) {
    if (!rest) throw new ModelTargetError(target, `"${target}" names no model; write ${provider}:<model id>`);
    if (provider === 'openrouter' && !/^[^/\s]+\/\S+$/.test(rest)) {
      throw new ModelTargetError(
        target,
        `OpenRouter models are named vendor/model; write e.g. openrouter:anthropic/claude-sonnet-4.5`,
      );
    }
    return { provider: provider as HostedProvider, modelId: rest };
  }
  if (colon === -1) {
    throw new ModelTargetError(
      target,
      `"${target}" has no provider; write provider:model (${KNOWN_PROVIDERS.join(', ')}), e.g. openai:${target}`,
    );
  }
  throw new ModelTargetError(
    target,
    `unknown model provider "${provider}" in "${target}"; known providers: ${KNOWN_PROVIDERS.join(', ')}`,
  );
}
