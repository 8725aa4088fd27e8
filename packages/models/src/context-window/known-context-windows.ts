/**
 * Context windows of well-known hosted models, in tokens, from the vendors'
 * model pages. Only flagship ids are listed; anything else is unknown
 * (`undefined`), never a guess from a similar name.
 */
const KNOWN: ReadonlyArray<readonly [string, number]> = [
  // OpenAI
  ['gpt-5', 400_000],
  ['gpt-5-mini', 400_000],
  ['gpt-5-nano', 400_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-4.1-mini', 1_047_576],
  ['gpt-4.1-nano', 1_047_576],
  ['gpt-4o', 128_000],
  ['gpt-4o-mini', 128_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o3-mini', 200_000],
  ['o4-mini', 200_000],
  // Anthropic
  ['claude-opus-4-1', 200_000],
  ['claude-opus-4', 200_000],
  ['claude-sonnet-4-5', 200_000],
  ['claude-sonnet-4', 200_000],
  ['claude-haiku-4-5', 200_000],
  ['claude-3-7-sonnet', 200_000],
  ['claude-3-5-sonnet', 200_000],
  ['claude-3-5-haiku', 200_000],
  // Google
  ['gemini-2.5-pro', 1_048_576],
  ['gemini-2.5-flash', 1_048_576],
  ['gemini-2.5-flash-lite', 1_048_576],
  ['gemini-2.0-flash', 1_048_576],
  ['gemini-1.5-pro', 2_097_152],
  ['gemini-1.5-flash', 1_048_576],
];

const TABLE = new Map(KNOWN);

/** A dated snapshot or alias of a listed id: `-20250514`, `-2024-08-06`, `-latest`, `-001`. */
const VERSION_SUFFIX = /-(?:\d{8}|\d{4}-\d{2}-\d{2}|latest|\d{3})$/;

/**
 * The bundled context window for a hosted model id, or `undefined`. Accepts a
 * vendor prefix (`anthropic/claude-sonnet-4`, as OpenRouter names them) and a
 * dated snapshot suffix (`claude-sonnet-4-20250514`).
 */
export function lookupKnownContextWindow(modelId: string): number | undefined {
  // OpenRouter writes Claude versions with a dot: `claude-sonnet-4.5`.
  const id = modelId
    .slice(modelId.lastIndexOf('/') + 1)
    .toLowerCase()
    .replace(/^(claude-[a-z]+-\d)\.(\d)/, '$1-$2');
  return TABLE.get(id) ?? TABLE.get(id.replace(VERSION_SUFFIX, ''));
}
