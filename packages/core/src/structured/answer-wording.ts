// What the model reads about giving a structured answer, in one place: the
// instructions added to the system prompt and the repair message.

/** How the answer is given: the provider's JSON mode, or the final-answer tool. */
export type AnswerMode = 'native' | 'tool';

/** The tool a model without a native JSON mode answers through. */
export const FINAL_ANSWER_TOOL = 'final_answer';

/** What the final-answer tool tells the model about itself. */
export const FINAL_ANSWER_DESCRIPTION =
  'Gives your final answer. Call it once, when you have the answer, with the answer as its arguments.';

/** Added to the system prompt of every request of a Run with an output schema. */
export function answerInstructions(mode: AnswerMode): string {
  return mode === 'native'
    ? 'Give your final answer as one JSON object that matches the response schema, and nothing else.'
    : `Give your final answer by calling the ${FINAL_ANSWER_TOOL} tool with the answer as its arguments; do not write the answer as text.`;
}

/** The user message of the repair turn: every problem by path, and how to answer again. */
export function repairMessage(problems: readonly string[], mode: AnswerMode): string {
  const again =
    mode === 'native'
      ? 'Answer again with one JSON object that fixes every problem above, and nothing else.'
      : `Call ${FINAL_ANSWER_TOOL} again with arguments that fix every problem above.`;
  const listed = problems.map((p) => `- ${p}`).join('\n');
  return `Your answer does not match the required schema:\n${listed}\n${again}`;
}
