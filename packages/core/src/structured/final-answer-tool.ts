import type { AnyTool } from '../tool/define-tool.ts';
import { defineTool } from '../tool/define-tool.ts';
import { NONE } from '../trifecta/legs.ts';
import { FINAL_ANSWER_DESCRIPTION, FINAL_ANSWER_TOOL } from './answer-wording.ts';
import type { OutputSchema } from './output-schema.ts';

/**
 * The tool a model without a native JSON mode gives its answer through: its
 * parameters are the output schema, and a call to it ends the turn (see
 * `AnswerFormat.answerTool`).
 *
 * It accepts any arguments on purpose. The Run checks them after the turn,
 * exactly as it checks a native JSON answer, so both modes get the same one
 * repair turn listing every problem; a check here would answer with an error
 * observation and let the loop retry without bound.
 */
export function finalAnswerTool(schema: OutputSchema<unknown>): AnyTool {
  return defineTool({
    name: FINAL_ANSWER_TOOL,
    description: FINAL_ANSWER_DESCRIPTION,
    parameters: { jsonSchema: schema.jsonSchema, validate: (input: unknown) => ({ ok: true, value: input }) },
    trifectaLegs: NONE,
    execute: () => 'Final answer received.',
  }) as AnyTool;
}
