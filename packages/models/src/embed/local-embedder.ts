import type { Embedder } from '@kodama/core/model';
import { defaultThreads } from '../local/llama-runtime.ts';
import { loadNodeLlamaCpp } from '../local/load-node-llama-cpp.ts';
import { LocalBinaryMissingError } from '../local/local-errors.ts';
import type { LocalModelOptions } from '../local/local-options.ts';
import type { LocalTarget } from '../local/local-target.ts';
import { checkGgufFile, modelFilePath } from '../local/model-file.ts';
import type { ModelEnv } from '../resolve/provider-env.ts';
import { throwIfAborted } from '../retry/abort-error.ts';
import { DimensionCheck } from './dimension-check.ts';

/**
 * An {@link Embedder} on a GGUF embedding model in this process, through the
 * optional node-llama-cpp (loaded on the first `embed`, like the `local:` chat
 * model). Texts are embedded one after another in one embedding context;
 * `close()` frees the model. A target with no file has no default: a chat
 * model makes poor embeddings, so the person names an embedding model.
 */
export function createLocalEmbedder(
  target: LocalTarget,
  options: LocalModelOptions & { readonly env?: ModelEnv } = {},
): Embedder {
  const merged = { ...options, ...target.options };
  const modelId =
    target.source.kind === 'file'
      ? target.source.path
      : target.source.kind === 'hf'
        ? target.source.uri
        : 'default';
  const check = new DimensionCheck(`local embeddings (${modelId})`);
  type Loaded = { dispose(): Promise<void>; embed(text: string): Promise<readonly number[]> };
  let loading: Promise<Loaded> | undefined;

  const load = async (signal?: AbortSignal): Promise<Loaded> => {
    const path = await modelFilePath(target.source, { ...merged, signal });
    await checkGgufFile(path);
    const lib = await loadNodeLlamaCpp();
    const gpu = merged.gpu ?? false;
    const llama = await lib
      .getLlama({ gpu, build: 'never', logLevel: lib.LlamaLogLevel.error })
      .catch((error: unknown) => {
        if (error instanceof lib.NoBinaryFoundError) {
          throw new LocalBinaryMissingError(gpu === false || gpu === 'auto' ? 'cpu' : gpu, { cause: error });
        }
        throw error;
      });
    const model = await llama.loadModel({ modelPath: path });
    const context = await model.createEmbeddingContext({
      threads: merged.threads ?? defaultThreads(),
      ...(merged.contextSize === undefined ? {} : { contextSize: merged.contextSize }),
    });
    return {
      async embed(text) {
        return (await context.getEmbeddingFor(text)).vector;
      },
      async dispose() {
        await context.dispose();
        await model.dispose();
      },
    };
  };

  return {
    specificationVersion: 'kodama.embedder.v1',
    provider: 'local',
    modelId,
    get dimensions() {
      return check.dimensions;
    },
    async embed(texts, callOptions = {}) {
      if (texts.length === 0) return [];
      loading ??= load(callOptions.signal).catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      const loaded = await loading;
      const out: Float32Array[] = [];
      for (const text of texts) {
        throwIfAborted(callOptions.signal);
        out.push(Float32Array.from(await loaded.embed(text)));
      }
      return check.check(out, texts.length);
    },
    async close() {
      const pending = loading;
      loading = undefined;
      if (pending) await (await pending.catch(() => undefined))?.dispose();
    },
  };
}
