import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ModelEnv } from '../resolve/provider-env.ts';
import { DEFAULT_LOCAL_MODEL } from './default-local-model.ts';
import { ensureHfModel } from './hf-download.ts';
import { LocalModelFileError } from './local-errors.ts';
import type { LocalModelOptions } from './local-options.ts';
import type { LocalSource } from './local-target.ts';
import { hfFile, modelsCacheDir } from './model-cache.ts';

/** Throws {@link LocalModelFileError} unless `path` is a readable file that starts with the GGUF magic. */
export async function checkGgufFile(path: string): Promise<void> {
  let magic: string;
  try {
    const handle = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
      magic = buffer.subarray(0, bytesRead).toString('latin1');
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const problem =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : (code ?? (error as Error).message);
    throw new LocalModelFileError(
      path,
      `cannot read the model file ${path} (${problem}): check the path after local:, or use local:hf:<user>/<repo>/<file>.gguf to download one`,
      { cause: error },
    );
  }
  if (magic !== 'GGUF') {
    throw new LocalModelFileError(
      path,
      `${path} is not a GGUF model file (it does not start with "GGUF"): local: runs llama.cpp's GGUF format; ` +
        'download a .gguf build of the model (for example from Hugging Face) or convert it with llama.cpp',
    );
  }
}

/** The path of the model file a `local:` source names, downloading an `hf:` file on first use. */
export async function modelFilePath(
  source: LocalSource,
  options: LocalModelOptions & { readonly env?: ModelEnv; readonly signal?: AbortSignal },
): Promise<string> {
  const env = options.env ?? process.env;
  if (source.kind === 'file') {
    const path = resolve(source.path);
    await checkGgufFile(path);
    return path;
  }
  const uri = source.kind === 'hf' ? source.uri : DEFAULT_LOCAL_MODEL.uri;
  const path = await ensureHfModel(hfFile(uri, modelsCacheDir(env, options.cacheDir), env), {
    env,
    onProgress: options.onDownloadProgress,
    signal: options.signal,
  });
  await checkGgufFile(path);
  return path;
}
