// Families that read no images: completion-era and text-only OpenAI models,
// code and text DeepSeek models, Codestral.
const TEXT_ONLY =
  /gpt-3\.5|text-davinci|o1-mini|o3-mini|(^|\/)gpt-4(-\d{4})?$|codestral|deepseek-(coder|r1|v3|chat)/;

// Families that read images: GPT-4o / 4.1 / 4 Turbo / 5, o1 / o3 / o4, Claude,
// Gemini, and the open vision models (-vl, LLaVA, Pixtral, Gemma 3, MiniCPM-V, Moondream, Mistral 3).
const VISION =
  /gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|(^|\/)o[134](-|$)|claude|gemini|vision|-vl|vl-|llava|pixtral|gemma-?3|minicpm-v|moondream|mistral-(small|medium)-3/;

/**
 * Whether `provider:modelId` reads images, from what is known of its family
 * (the text-only families first, so `o1-mini` is not taken for `o1`); every
 * Anthropic and Google model does. `undefined` when unknown: the consumer's
 * safe default applies (an image is sent, and a provider that refuses it says so).
 */
export function knownImageInput(provider: string, modelId: string): boolean | undefined {
  const id = modelId.toLowerCase();
  if (TEXT_ONLY.test(id)) return false;
  if (VISION.test(id)) return true;
  if (provider === 'anthropic' || provider === 'google') return true;
  return undefined;
}
