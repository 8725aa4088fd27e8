// The model every example runs with, chosen the way `kodama ask` chooses one.
import type { Model } from '@kodama/core';
import { discoverDefaultModel, resolveModel } from '@kodama/models';

/**
 * `$KODAMA_MODEL` (any model target: `openai:gpt-4.1-mini`, `anthropic:<id>`,
 * `ollama:<id>`, `openai-compatible:<base url>@<id>` ...), else the first
 * local server or API key found. CI points it at a scripted test server.
 *
 * @throws Error saying how to choose one when there is none.
 */
export async function exampleModel(): Promise<Model> {
  const target = process.env.KODAMA_MODEL?.trim() || (await discoverDefaultModel())?.target;
  if (!target)
    throw new Error(
      'no model to run the example with: set KODAMA_MODEL to a model target ' +
        '(e.g. openai:gpt-4.1-mini or ollama:qwen3), start a local model server, or set an API key',
    );
  return resolveModel(target);
}
