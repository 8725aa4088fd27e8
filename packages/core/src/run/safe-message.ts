import { DuplicateToolCallIdError, OutputTruncatedError } from '../loop/model-errors.ts';
import { OutputValidationError } from '../structured/output-validation-error.ts';
import { ToolLoopError } from '../tool-loop/tool-loop-error.ts';

/**
 * What a failed Run tells the end user of an application: never a provider
 * body, a path or a stack trace, which may leak; the cause is in `run.error`
 * and the failed `run-end` event's `error` for logs.
 */
export function safeMessage(error: unknown): string {
  if (ToolLoopError.isInstance(error)) return error.message;
  if (OutputTruncatedError.isInstance(error)) {
    return 'The model reached its output limit before completing a response. Please retry with a narrower request.';
  }
  if (OutputValidationError.isInstance(error)) {
    return 'The model did not give its answer in the required format. Please retry.';
  }
  if (DuplicateToolCallIdError.isInstance(error)) {
    return 'The model returned an invalid tool call before completing the response. Please retry with a narrower request.';
  }
  return 'I hit an error while generating a response. Please retry.';
}
