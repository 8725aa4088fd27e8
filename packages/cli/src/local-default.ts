import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { DEFAULT_LOCAL_MODEL, type DownloadProgress, hfFile, modelsCacheDir } from '@kodama/models';
import type { CliIO } from './cli-io.ts';

/** Printed after the no-model message: the embedded default, and how to get it without a terminal. */
export const LOCAL_MODEL_HINT = `
Or run a model in-process, with no server and no key (needs node-llama-cpp):
  kodama models pull        download the default local model, ${DEFAULT_LOCAL_MODEL.label} (${formatBytes(DEFAULT_LOCAL_MODEL.approxBytes)})
  kodama ask --model local "..."       then kodama uses it when nothing else is configured
`;

/** `1.1 GB`, `512 KB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** True when both ends of the conversation are a terminal (a question can be asked and answered). */
function interactive(io: CliIO): boolean {
  return Boolean(io.stdin.isTTY && (io.stderr as { isTTY?: boolean }).isTTY);
}

/**
 * The last resort of `kodama ask` when no model is configured: `local` (the
 * default local model) when its file is already cached; else, on a terminal,
 * after the user agreed to download it (asked once: name, size, source);
 * else `undefined` (the caller prints how to get one and exits 2).
 */
export async function localDefaultTarget(io: CliIO): Promise<string | undefined> {
  const { path } = hfFile(DEFAULT_LOCAL_MODEL.uri, modelsCacheDir(io.env), io.env);
  if (
    await stat(path).then(
      () => true,
      () => false,
    )
  )
    return 'local';
  if (!interactive(io)) return undefined;
  const rl = createInterface({ input: io.stdin, output: io.stderr });
  try {
    const answer = await rl.question(
      `kodama: no model is configured. Download the default local model, ${DEFAULT_LOCAL_MODEL.label}, ` +
        `${formatBytes(DEFAULT_LOCAL_MODEL.approxBytes)} from ${DEFAULT_LOCAL_MODEL.source}? [y/N] `,
    );
    return /^y(es)?$/i.test(answer.trim()) ? 'local' : undefined;
  } finally {
    rl.close();
  }
}

/**
 * Renders download progress on stderr: a bar redrawn in place on a terminal,
 * otherwise a line per 10% (and the last), so logs stay readable.
 */
export function downloadProgress(io: CliIO): (progress: DownloadProgress) => void {
  const tty = Boolean((io.stderr as { isTTY?: boolean }).isTTY);
  let lastStep = -1;
  return (p) => {
    const ratio = p.totalBytes > 0 ? p.downloadedBytes / p.totalBytes : 0;
    const done = p.downloadedBytes >= p.totalBytes;
    const size = `${formatBytes(p.downloadedBytes)} / ${formatBytes(p.totalBytes)}`;
    if (tty) {
      const width = 30;
      const filled = Math.round(ratio * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      io.stderr.write(
        `\rkodama: downloading ${p.file} [${bar}] ${Math.floor(ratio * 100)}% ${size}${done ? '\n' : ''}`,
      );
      return;
    }
    const step = Math.floor(ratio * 10);
    if (step === lastStep && !done) return;
    lastStep = step;
    io.stderr.write(`kodama: downloading ${p.file} from ${p.url}: ${Math.floor(ratio * 100)}% (${size})\n`);
  };
}
