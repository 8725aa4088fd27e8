import { errorInfo } from '../errors/error-info.ts';
import { ModelError } from '../errors/model-error.ts';
import { stripControlSequences } from './strip-control-sequences.ts';

/**
 * A failure in words for the person running kodama (not an application's end
 * user: that is `run-end`'s safe `message`): what went wrong and, for a model
 * call, the adapter's hint on what to do (a 401 says to check the API key).
 * Takes the error or its `ErrorInfo` (a failed `run-end` event's `error`), so
 * `-p`, `ask` and the assistant's screen say the same. It can quote a
 * server's error body, so its control sequences go.
 */
export function failureText(error: unknown): string {
  const info = errorInfo(error);
  // An ErrorInfo keeps only the class name: ModelError and its kinds (ModelAuthError, ...).
  const fromModel = ModelError.isInstance(error) || /^Model[A-Za-z]*Error$/.test(info.name);
  return stripControlSequences(
    fromModel ? `model call failed: ${info.message}` : `${info.name}: ${info.message}`,
  );
}
