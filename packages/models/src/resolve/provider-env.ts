/** The environment kodama reads keys and base URLs from (defaults to `process.env`). */
export type ModelEnv = Readonly<Record<string, string | undefined>>;

/** A non-empty value of `name`, trimmed. */
export function envValue(env: ModelEnv, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * A server root from a host setting: adds `http://` when missing (OLLAMA_HOST
 * is often `127.0.0.1:11434`), drops trailing slashes and a trailing `/v1`.
 */
export function serverRoot(value: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  return withScheme.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** Default local server roots. */
export const LOCAL_DEFAULTS = {
  llamacpp: { root: 'http://127.0.0.1:8080', env: 'LLAMACPP_BASE_URL', label: 'llama.cpp (llama-server)' },
  ollama: { root: 'http://127.0.0.1:11434', env: 'OLLAMA_HOST', label: 'Ollama' },
  lmstudio: { root: 'http://127.0.0.1:1234', env: 'LMSTUDIO_BASE_URL', label: 'LM Studio' },
} as const;

/** Where a local provider's server lives under `env`. */
export function localRoot(provider: keyof typeof LOCAL_DEFAULTS, env: ModelEnv): string {
  const configured = envValue(env, LOCAL_DEFAULTS[provider].env);
  return configured ? serverRoot(configured) : LOCAL_DEFAULTS[provider].root;
}
