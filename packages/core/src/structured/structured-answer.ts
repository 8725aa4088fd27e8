import type { AnswerFormat } from '../loop/answer-format.ts';
import { type AnswerMode, answerInstructions, FINAL_ANSWER_TOOL, repairMessage } from './answer-wording.ts';
import { finalAnswerTool } from './final-answer-tool.ts';
import type { OutputSchema } from './output-schema.ts';
import { OutputValidationError } from './output-validation-error.ts';
import { parseAnswer } from './parse-answer.ts';
import { problemsForModel } from './problems-for-model.ts';

/** A validated structured answer: the text the model gave and its parsed value. */
export interface SettledAnswer<T> {
  readonly response: string;
  readonly output: T;
}

/** How a Run with an output schema asks for its answer and checks it. */
export interface StructuredAnswer<T> {
  /** `native` when the model honours a response format, else `tool`. */
  readonly mode: AnswerMode;
  /** What the Run's turns send (`TurnOptions.answerFormat`). */
  readonly format: AnswerFormat;
  /** What the repair turn sends: the same, taking only the answer (no other tool runs). */
  readonly repairFormat: AnswerFormat;
  /**
   * Checks the answer a turn gave. When it has problems, `answerAgain` runs
   * one repair turn (with {@link StructuredAnswer.repairFormat}) with a user
   * message listing them; its answer is checked the same way.
   *
   * @throws OutputValidationError when the repaired answer still has problems.
   */
  settle(response: string, answerAgain: (message: string) => Promise<string>): Promise<SettledAnswer<T>>;
}

/**
 * The structured-answer plan for one Run: the provider's JSON mode when the
 * model supports it (`Model.supportsJsonSchema`), else the final-answer tool.
 */
export function structuredAnswer<T>(
  schema: OutputSchema<T>,
  model: { readonly supportsJsonSchema?: boolean },
): StructuredAnswer<T> {
  const mode: AnswerMode = model.supportsJsonSchema ? 'native' : 'tool';
  const instructions = answerInstructions(mode);
  const format: AnswerFormat =
    mode === 'native'
      ? {
          responseFormat: { type: 'json', schema: schema.jsonSchema, name: FINAL_ANSWER_TOOL },
          instructions,
        }
      : { answerTool: finalAnswerTool(schema as OutputSchema<unknown>), instructions };
  return {
    mode,
    format,
    repairFormat: { ...format, repair: true },
    async settle(response, answerAgain) {
      let checked = parseAnswer(schema, response);
      if (!checked.ok) {
        response = await answerAgain(
          repairMessage(problemsForModel(checked.problems, schema.jsonSchema), mode),
        );
        checked = parseAnswer(schema, response);
      }
      if (!checked.ok) throw new OutputValidationError(checked.problems, response);
      return { response, output: checked.value };
    },
  };
}
