import type { FetchFunction } from '../http/fetch-json.ts';
import { isAbortError } from '../retry/abort-error.ts';
import type { ContextWindowProbe } from './cached-context-window.ts';
import { lookupKnownContextWindow } from './known-context-windows.ts';
import { probeLlamaCppContextWindow } from './probe-llamacpp.ts';
import { probeOllamaContextWindow } from './probe-ollama.ts';

/** Where a model's context window may be learned, tried in the order given. */
export type ContextWindowSource =
  | { readonly kind: 'llamacpp'; readonly root: string }
  | { readonly kind: 'ollama'; readonly root: string }
  | { readonly kind: 'table' };

/** Probes that answer in time or not at all: context detection must never stall a run. */
const PROBE_TIMEOUT_MS = 3000;

/**
 * A probe trying each source in order until one knows the answer. A source
 * that fails (404, not that kind of server, unreachable) is skipped; an abort
 * propagates. Nothing known gives `undefined`, never a guess.
 */
export function contextWindowChain(
  modelId: string,
  sources: readonly ContextWindowSource[],
  fetch?: FetchFunction,
): ContextWindowProbe {
  return async (signal) => {
    for (const source of sources) {
      try {
        const options = { fetch, signal, timeoutMs: PROBE_TIMEOUT_MS };
        const found =
          source.kind === 'llamacpp'
            ? await probeLlamaCppContextWindow(source.root, modelId, options)
            : source.kind === 'ollama'
              ? await probeOllamaContextWindow(source.root, modelId, options)
              : lookupKnownContextWindow(modelId);
        if (found !== undefined) return found;
      } catch (error) {
        if (signal?.aborted || isAbortError(error)) throw error;
      }
    }
    return undefined;
  };
}
