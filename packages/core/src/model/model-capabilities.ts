import type { ModelPrice } from './model-price.ts';

/**
 * What is known about a model: the facts its adapter (or the target resolver
 * in `@kodama/models`) declares, so consumers read them instead of guessing
 * from the model's name. Every field is optional, and absent means
 * **unknown**: each consumer keeps its safe default for an unknown fact (an
 * image is sent and the provider may refuse it; no JSON mode; no context
 * limit enforced; no cost computed).
 */
export interface ModelCapabilities {
  /** Whether the model reads image parts of a user message (`false`: they are refused before sending). */
  readonly imageInput?: boolean;
  /**
   * Whether the provider constrains an answer to `ModelRequest.responseFormat`
   * (JSON mode with a schema). A Run with an output schema then asks for JSON
   * natively; otherwise it offers a `final_answer` tool.
   */
  readonly jsonSchema?: boolean;
  /** Whether the model reasons before it answers (o-series, GPT-5, Gemini 2.5, DeepSeek-R1, ...). */
  readonly reasoning?: boolean;
  /**
   * The context window in tokens, when known without asking a server: an
   * explicit setting, the bundled table of hosted models, the context a local
   * file was loaded with. A server's probe answers through `Model.contextWindow()`.
   */
  readonly contextWindow?: number;
  /** What the model costs per million tokens, from which a Run's `usage.costUsd` is computed. */
  readonly prices?: ModelPrice;
}

/**
 * The capabilities of `model`, with the older `supportsJsonSchema` field read
 * as `jsonSchema` when `capabilities` does not say. A fact absent from the
 * result is unknown.
 */
export function modelCapabilities(model: {
  readonly capabilities?: ModelCapabilities;
  readonly supportsJsonSchema?: boolean;
}): ModelCapabilities {
  const declared = model.capabilities ?? {};
  if (declared.jsonSchema !== undefined || model.supportsJsonSchema === undefined) return declared;
  return { ...declared, jsonSchema: model.supportsJsonSchema };
}
