import { ModelTargetError } from '../errors.ts';
import type { LocalModelOptions } from './local-options.ts';

/** Where a `local:` model comes from. */
export type LocalSource =
  | { readonly kind: 'default' }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'hf'; readonly uri: string };

/** A parsed `local[:<file or hf uri>][?options]` target. */
export interface LocalTarget {
  readonly provider: 'local';
  readonly source: LocalSource;
  /** Options written in the query string (`?ctx=4096&threads=2&gpu=auto&temperature=0.2&seed=1&parallel=2&max_tokens=1024`). */
  readonly options: LocalModelOptions;
}

const NUMBER_KEYS = {
  ctx: 'contextSize',
  threads: 'threads',
  temperature: 'temperature',
  seed: 'seed',
  parallel: 'parallel',
  max_tokens: 'maxTokens',
} as const;
const GPUS = ['false', 'auto', 'cuda', 'vulkan', 'metal'];
const HF = /^hf:[^/\s]+\/[^/\s]+\/\S+\.gguf$/i;

function parseOptions(target: string, query: string): LocalModelOptions {
  const options: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    if (key === 'gpu') {
      if (!GPUS.includes(value)) {
        throw new ModelTargetError(target, `"gpu=${value}" in "${target}": write gpu=${GPUS.join(', gpu=')}`);
      }
      options.gpu = value === 'false' ? false : value;
      continue;
    }
    const name = NUMBER_KEYS[key as keyof typeof NUMBER_KEYS];
    if (name === undefined) {
      throw new ModelTargetError(
        target,
        `unknown option "${key}" in "${target}"; local options: ${[...Object.keys(NUMBER_KEYS), 'gpu'].join(', ')}`,
      );
    }
    const n = Number(value);
    const integer = name !== 'temperature';
    if (value.trim() === '' || !Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) {
      throw new ModelTargetError(
        target,
        `"${key}=${value}" in "${target}" must be a ${integer ? 'whole ' : ''}number >= 0`,
      );
    }
    options[name] = n;
  }
  return options as LocalModelOptions;
}

/**
 * Parses what follows `local` in a target: nothing (the default model), a
 * path to a `.gguf` file, or `hf:<user>/<repo>/<file>.gguf`; then optional
 * `?key=value&...` options. Throws {@link ModelTargetError}.
 */
export function parseLocalTarget(target: string, rest: string): LocalTarget {
  const q = rest.indexOf('?');
  const spec = (q === -1 ? rest : rest.slice(0, q)).trim();
  const options = q === -1 ? {} : parseOptions(target, rest.slice(q + 1));
  if (!spec) return { provider: 'local', source: { kind: 'default' }, options };
  if (spec.startsWith('hf:')) {
    if (!HF.test(spec)) {
      throw new ModelTargetError(
        target,
        `"${target}" is not a Hugging Face file; write local:hf:<user>/<repo>/<file>.gguf, e.g. local:hf:unsloth/Qwen3-1.7B-GGUF/Qwen3-1.7B-Q4_K_M.gguf`,
      );
    }
    return { provider: 'local', source: { kind: 'hf', uri: spec }, options };
  }
  return { provider: 'local', source: { kind: 'file', path: spec }, options };
}
