// Models that reason before every answer: OpenAI's o-series and GPT-5,
// Gemini 2.5 (thinking on by default), DeepSeek-R1, QwQ.
const REASONS = /(^|\/)o[134](-|$)|(^|\/)gpt-5|gemini-2\.5|deepseek-r1|(^|\/)qwq/;
// Chat models that answer straight away.
const ANSWERS = /gpt-3\.5|(^|\/)gpt-4(o|\.1|-turbo|-\d{4}|$)/;

/**
 * Whether `modelId` reasons before it answers, from what is known of its
 * family; `undefined` when unknown (and for models that reason only when asked,
 * such as Claude's extended thinking, which kodama does not ask for).
 */
export function knownReasoning(modelId: string): boolean | undefined {
  const id = modelId.toLowerCase();
  if (REASONS.test(id)) return true;
  if (ANSWERS.test(id)) return false;
  return undefined;
}
