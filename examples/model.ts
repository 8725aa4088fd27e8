// The model every example runs with, chosen the way `kodama ask` chooses one.
import { type Model, ModelError } from '@kodama/core';
import { discoverDefaultModel, resolveModel } from '@kodama/models';

const NO_MODEL =
  'no model to run the example with: set KODAMA_MODEL to a model target ' +
  '(e.g. openai:gpt-4.1-mini or ollama:qwen3), start a local model server, or set an API key';

/**
 * `$KODAMA_MODEL` (any model target: `openai:gpt-4.1-mini`, `anthropic:<id>`,
 * `ollama:<id>`, `openai-compatible:<base url>@<id>` ...), else the first
 * local server or API key found. CI points it at a scripted test server.
 *
 * With none, a model that fails every call saying how to choose one: the
 * examples are imported to be drawn too (`kodama graph`), and drawing needs
 * no model; running one without a model fails at its first model call.
 */
export async function exampleModel(): Promise<Model> {
  const target = process.env.KODAMA_MODEL?.trim() || (await discoverDefaultModel())?.target;
  return target ? resolveModel(target) : noModel();
}

/** A model that refuses every call with {@link NO_MODEL} (not retryable: retrying cannot help). */
function noModel(): Model {
  return {
    specificationVersion: 'kodama.model.v1',
    provider: 'none',
    modelId: 'none',
    maxRetries: 0,
    // biome-ignore lint/correctness/useYield: it fails before its first part.
    async *stream() {
      throw new ModelError(NO_MODEL, { isRetryable: false });
    },
  };
}
