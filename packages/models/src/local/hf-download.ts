import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ModelEnv } from '../resolve/provider-env.ts';
import { ModelDownloadError } from './local-errors.ts';
import type { DownloadProgress } from './local-options.ts';
import type { HfFile } from './model-cache.ts';

/** Options of {@link ensureHfModel}. */
export interface EnsureHfModelOptions {
  readonly env?: ModelEnv;
  readonly onProgress?: (progress: DownloadProgress) => void;
  readonly signal?: AbortSignal;
  /** How long the pre-flight `HEAD` may take before the host counts as unreachable; default 5 s. */
  readonly preflightTimeoutMs?: number;
  /** How long the download may stall before it fails (the part file stays, to resume); default 30 s. */
  readonly idleTimeoutMs?: number;
}

async function sizeOf(path: string): Promise<number | undefined> {
  return stat(path).then(
    (s) => s.size,
    () => undefined,
  );
}

function headers(env: ModelEnv, extra: Record<string, string> = {}): Record<string, string> {
  const token = env.HF_TOKEN?.trim();
  return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
}

function problemOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

/** The file's size from a bounded `HEAD` (redirects followed): the host is reachable and has it. */
async function preflight(
  file: HfFile,
  env: ModelEnv,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<number> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(file.url, {
      method: 'HEAD',
      headers: headers(env),
      redirect: 'follow',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const problem = timeout.aborted ? `no answer within ${Math.round(timeoutMs / 1000)} s` : problemOf(error);
    throw new ModelDownloadError(file.url, file.path, `the host is unreachable (${problem})`, {
      cause: error,
    });
  }
  if (!response.ok) {
    const hint = response.status === 401 || response.status === 403 ? ' (a gated model: set HF_TOKEN)' : '';
    throw new ModelDownloadError(file.url, file.path, `HTTP ${response.status}${hint}`);
  }
  const total = Number(response.headers.get('x-linked-size') ?? response.headers.get('content-length'));
  if (!Number.isSafeInteger(total) || total <= 0) {
    throw new ModelDownloadError(file.url, file.path, 'the server did not say how big the file is');
  }
  return total;
}

/**
 * The cached path of an `hf:` model, downloading it first when absent. A
 * cached file answers at once with no request (offline use). Otherwise a
 * bounded `HEAD` checks the host (an unreachable one fails within
 * `preflightTimeoutMs` with a {@link ModelDownloadError}), then the file is
 * fetched into `<path>.part`, resuming a previous partial download with a
 * `Range` request, its size checked, and renamed into place.
 */
export async function ensureHfModel(file: HfFile, options: EnsureHfModelOptions = {}): Promise<string> {
  if ((await sizeOf(file.path)) !== undefined) return file.path;
  const env = options.env ?? process.env;
  const total = await preflight(file, env, options.preflightTimeoutMs ?? 5000, options.signal);
  const part = `${file.path}.part`;
  await mkdir(dirname(file.path), { recursive: true });
  let have = (await sizeOf(part)) ?? 0;
  if (have > total) {
    await rm(part, { force: true });
    have = 0;
  }
  const name = file.file.split('/').at(-1)!;
  const report = (downloadedBytes: number) =>
    options.onProgress?.({ file: name, url: file.url, downloadedBytes, totalBytes: total });
  if (have < total) await fetchInto(file, part, have, total, env, report, options);
  const got = (await sizeOf(part)) ?? 0;
  if (got !== total) {
    await rm(part, { force: true });
    throw new ModelDownloadError(
      file.url,
      file.path,
      `expected ${total} bytes, got ${got} (the partial file was removed)`,
    );
  }
  await rename(part, file.path);
  report(total);
  return file.path;
}

async function fetchInto(
  file: HfFile,
  part: string,
  from: number,
  total: number,
  env: ModelEnv,
  report: (bytes: number) => void,
  options: EnsureHfModelOptions,
): Promise<void> {
  const idleMs = options.idleTimeoutMs ?? 30_000;
  const stall = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stall.signal]) : stall.signal;
  let timer = setTimeout(() => stall.abort(), idleMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(), idleMs);
  };
  const out = createWriteStream(part, { flags: from > 0 ? 'a' : 'w' });
  const step = Math.max(1, Math.floor(total / 100));
  try {
    const response = await fetch(file.url, {
      headers: headers(env, from > 0 ? { range: `bytes=${from}-` } : {}),
      redirect: 'follow',
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    let done = from;
    if (from > 0 && response.status !== 206) {
      // The server ignored the range: start over.
      await new Promise<void>((resolve, reject) => out.close((e) => (e ? reject(e) : resolve())));
      await rm(part, { force: true });
      return fetchInto(file, part, 0, total, env, report, options);
    }
    report(done);
    let next = done + step;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      touch();
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      done += chunk.length;
      if (done >= next) {
        report(done);
        next = done + step;
      }
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const problem = stall.signal.aborted ? `no data for ${Math.round(idleMs / 1000)} s` : problemOf(error);
    throw new ModelDownloadError(file.url, file.path, `the download broke off (${problem})`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    await new Promise<void>((resolve) => (out.closed ? resolve() : out.end(resolve)));
  }
}
