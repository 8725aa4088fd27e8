/** Characters per token of the heuristic below. */
export const CHARS_PER_TOKEN = 4;

/**
 * Tokens in `text` by the usual heuristic of about four characters per token
 * (pikuri's `Tokenizer::CharHeuristic`): close enough to size chunks for any
 * embedding model, with no tokenizer to load.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
