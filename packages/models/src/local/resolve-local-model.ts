import type { ModelCapabilities } from '@kodama/core/model';
import { maxOutputTokensOf } from '../adapter/max-output-tokens.ts';
import type { ModelEnv } from '../resolve/provider-env.ts';
import { DEFAULT_LOCAL_MODEL } from './default-local-model.ts';
import { acquireSharedModel, runtimeSettings } from './llama-runtime.ts';
import { LocalModel } from './local-model.ts';
import type { LocalModelHandle } from './local-model-handle.ts';
import type { LocalModelOptions } from './local-options.ts';
import type { LocalTarget } from './local-target.ts';
import { modelFilePath } from './model-file.ts';

/**
 * Loads the model a `local:` target names (downloading an `hf:` file on first
 * use) and returns a {@link LocalModel} handle on it. Options from the target's
 * query string win over `options`. Handles of the same file and settings share
 * one loaded model; close each handle when done.
 */
export async function resolveLocalModel(
  target: LocalTarget,
  options: LocalModelOptions & {
    readonly env?: ModelEnv;
    readonly signal?: AbortSignal;
    readonly capabilities?: ModelCapabilities;
  } = {},
): Promise<LocalModelHandle> {
  const merged = { ...options, ...target.options };
  const path = await modelFilePath(target.source, merged);
  const settings = runtimeSettings(merged);
  const shared = await acquireSharedModel(path, settings);
  const source = target.source;
  const modelId =
    source.kind === 'file' ? source.path : source.kind === 'hf' ? source.uri : DEFAULT_LOCAL_MODEL.uri;
  return new LocalModel({
    shared,
    settings,
    modelId,
    temperature: merged.temperature,
    seed: merged.seed,
    maxTokens: maxOutputTokensOf(merged.maxTokens, 'maxTokens'),
    capabilities: options.capabilities,
  });
}
