const PREFIX = 'Error: ';

/** `message` without any leading `Error: ` (a tool that put the prefix in its own message). */
export function withoutErrorPrefix(message: string): string {
  let text = message;
  while (text.startsWith(PREFIX)) text = text.slice(PREFIX.length);
  return text;
}

/** The one rendering of a recoverable failure for the model: `Error: <message>`, one prefix. */
export function failureObservation(message: string): string {
  return `${PREFIX}${withoutErrorPrefix(message)}`;
}

/** True when a tool's text answer is a failure in the old spelling: it starts with `Error: `. */
export function readsAsFailure(text: string): boolean {
  return text.startsWith(PREFIX);
}

/**
 * The observation for an exception: `Error: <message>` for a plain `Error`,
 * `Error: <ClassName>: <message>` for any other class (the class often is the
 * news: `RangeError`, `ENOENT`-carrying `SystemError`), and never more than
 * one `Error:` prefix, whatever the message held.
 */
export function failureText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    const text = withoutErrorPrefix(String(message));
    return typeof name === 'string' && name !== '' && name !== 'Error'
      ? `${PREFIX}${name}: ${text}`
      : `${PREFIX}${text}`;
  }
  return `${PREFIX}${withoutErrorPrefix(String(error))}`;
}
