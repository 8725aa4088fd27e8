/** An error as data: its class name, stable code (a `KodamaError`'s `code`) and message. */
export interface ErrorInfo {
  readonly name: string;
  readonly code: string | undefined;
  readonly message: string;
}

/** Describes any thrown value as {@link ErrorInfo}, for events and stored records. */
export function errorInfo(error: unknown): ErrorInfo {
  if (typeof error === 'object' && error !== null) {
    const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
    return {
      name: typeof name === 'string' ? name : 'Error',
      code: typeof code === 'string' ? code : undefined,
      message: String(message ?? error),
    };
  }
  return { name: 'Error', code: undefined, message: String(error) };
}
