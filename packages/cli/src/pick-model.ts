import type { Model } from '@kodama/core';
import { discoverDefaultModel, parseTarget, resolveModel } from '@kodama/models';
import type { CliIO } from './cli-io.ts';
import { NO_MODEL_MESSAGE } from './no-model.ts';

/**
 * The model a command runs with: `--model`, else `$KODAMA_MODEL`, else the
 * first local server or API key found, else the default local model (cached,
 * or offered for download on a terminal). When there is none, or the target
 * cannot be resolved, says why on stderr and returns `undefined` (the command
 * exits 2). The local-model helpers load only when they are needed.
 * `maxOutputTokens` (`--max-tokens`) limits every request the model makes.
 */
export async function pickModel(
  flag: string | undefined,
  io: CliIO,
  options: { readonly maxOutputTokens?: number } = {},
): Promise<Model | undefined> {
  const target =
    flag ??
    (io.env.KODAMA_MODEL?.trim() ||
      (await discoverDefaultModel({ env: io.env }))?.target ||
      (await (await import('./local-default.ts')).localDefaultTarget(io)));
  if (!target) {
    io.stderr.write(NO_MODEL_MESSAGE + (await import('./local-default.ts')).LOCAL_MODEL_HINT);
    return undefined;
  }
  try {
    // The local provider's download progress renderer loads only for local: targets.
    const local =
      parseTarget(target).provider === 'local'
        ? { onDownloadProgress: (await import('./local-default.ts')).downloadProgress(io) }
        : undefined;
    return await resolveModel(target, { env: io.env, local, maxOutputTokens: options.maxOutputTokens });
  } catch (error) {
    io.stderr.write(`kodama: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  }
}
