/**
 * Whether `error` is the AI SDK error named `name` (e.g. `AI_APICallError`).
 * Checks the `Symbol.for('vercel.ai.error.<name>')` marker that the AI SDK's
 * own `isInstance` checks, so kodama can recognise these errors without
 * importing `@ai-sdk/provider`, which would load it for every target.
 */
export function isAiSdkError(error: unknown, name: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Record<symbol, unknown>)[Symbol.for(`vercel.ai.error.${name}`)] === true
  );
}
