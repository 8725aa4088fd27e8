import {
  DEFAULT_LOCAL_MODEL,
  ensureHfModel,
  hfFile,
  listCachedModels,
  ModelDownloadError,
  modelsCacheDir,
  removeCachedModel,
} from '@kodama/models';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import { downloadProgress, formatBytes } from './local-default.ts';
import type { ModelsArgs } from './models-args.ts';
import { formatTable } from './table.ts';

/** `kodama models pull | list | rm`: the cache of local GGUF models. Resolves to the exit status. */
export async function models(args: ModelsArgs, io: CliIO): Promise<number> {
  const dir = modelsCacheDir(io.env);
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  if (args.action === 'list') {
    const cached = await listCachedModels(dir);
    if (cached.length === 0) {
      io.stdout.write(
        `No models in ${dir}.\nkodama models pull downloads the default, ${DEFAULT_LOCAL_MODEL.label} ` +
          `(${formatBytes(DEFAULT_LOCAL_MODEL.approxBytes)}).\n`,
      );
      return EXIT.ok;
    }
    const rows = cached.map((m) => [
      m.uri,
      formatBytes(m.bytes),
      m.uri === DEFAULT_LOCAL_MODEL.uri ? 'yes' : '',
    ]);
    io.stdout.write(formatTable(['MODEL', 'SIZE', 'DEFAULT'], rows));
    io.stdout.write(`\nIn ${dir}. Use one with --model local:<MODEL>.\n`);
    return EXIT.ok;
  }
  if (args.action === 'rm') {
    try {
      const removed = await removeCachedModel(dir, args.name!);
      if (!removed) {
        say(`no cached model "${args.name}"; kodama models list shows the ones there are`);
        return EXIT.failed;
      }
      io.stdout.write(`Removed ${removed.uri} (${formatBytes(removed.bytes)}).\n`);
      return EXIT.ok;
    } catch (error) {
      say((error as Error).message);
      return EXIT.usage;
    }
  }
  const uri = args.name ?? DEFAULT_LOCAL_MODEL.uri;
  const file = hfFile(uri, dir, io.env);
  try {
    const path = await ensureHfModel(file, { env: io.env, onProgress: downloadProgress(io) });
    io.stdout.write(
      `${path}\nUse it with --model local:${uri}${args.name ? '' : ' (or just --model local)'}.\n`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ModelDownloadError)) throw error;
    say(error.message);
    return EXIT.failed;
  }
}
