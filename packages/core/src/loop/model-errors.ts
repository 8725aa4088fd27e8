import { KodamaError } from '../errors/kodama-error.ts';
import { ModelError } from '../errors/model-error.ts';

/**
 * The model kept answering with two tool calls that share an id, past the
 * model's retry policy. Such a response cannot be recorded (each result must
 * answer exactly one call), so it was never appended: the conversation is as
 * it was before the request.
 */
export class DuplicateToolCallIdError extends ModelError {
  /** The id two calls shared. */
  readonly toolCallId: string;

  constructor(toolCallId: string, attempts: number) {
    super(
      `the model answered with two tool calls sharing the id "${toolCallId}" (${attempts} attempt${attempts === 1 ? '' : 's'}); the response was discarded`,
    );
    this.toolCallId = toolCallId;
  }
}

/**
 * The final answer was cut by the output-token limit (stop reason `length`).
 * It was not appended as if complete; `partialText` holds what arrived. Raise
 * the model's output limit, ask for a shorter answer, or set the agent option
 * `acceptTruncated` to take cut answers as they are.
 */
export class OutputTruncatedError extends KodamaError {
  /** The text that arrived before the cut. */
  readonly partialText: string;

  constructor(partialText: string) {
    super(
      `the answer was cut by the output-token limit after ${partialText.length} characters; raise the limit, ask for less, or set acceptTruncated`,
    );
    this.partialText = partialText;
  }
}
