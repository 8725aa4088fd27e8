import { LocalRuntimeMissingError } from './local-errors.ts';

/** The node-llama-cpp module, as imported. */
export type NodeLlamaCpp = typeof import('node-llama-cpp');

let loading: Promise<NodeLlamaCpp> | undefined;

/**
 * Imports node-llama-cpp on first use (an optional peer: `@kodama/models`
 * never loads it unless a `local:` target is resolved). A missing package
 * becomes a {@link LocalRuntimeMissingError} naming the install command.
 * `load` is replaceable for tests.
 */
export function loadNodeLlamaCpp(load?: () => Promise<NodeLlamaCpp>): Promise<NodeLlamaCpp> {
  if (load) return load().catch(toMissing);
  if (loading) return loading;
  const attempt: Promise<NodeLlamaCpp> = import('node-llama-cpp').catch((error: unknown) => {
    if (loading === attempt) loading = undefined;
    return toMissing(error);
  });
  loading = attempt;
  return attempt;
}

function toMissing(error: unknown): never {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes('node-llama-cpp')) {
    throw new LocalRuntimeMissingError({ cause: error });
  }
  throw error;
}
