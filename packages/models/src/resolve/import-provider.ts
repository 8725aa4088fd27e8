import { ModelTargetError } from '../errors.ts';

/**
 * Imports an AI SDK provider package when a target first needs it (loading
 * `@kodama/models` must not pay for the AI SDK). The packages are optional for
 * users of local models only, so a missing one becomes a `ModelTargetError`
 * that names the install command.
 */
export async function importProvider<T>(target: string, pkg: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !String((error as Error).message).includes(pkg)) throw error;
    throw new ModelTargetError(
      target,
      `"${target}" needs the ${pkg} package, which is not installed: run npm install ${pkg}, or pick another --model`,
      { cause: error },
    );
  }
}
