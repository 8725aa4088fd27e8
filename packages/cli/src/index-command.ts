import { relative, resolve } from 'node:path';
import { KodamaError } from '@kodama/core';
import type { IndexReport } from '@kodama/memory';
import type { CliIO } from './cli-io.ts';
import { loadConfig } from './config-files.ts';
import { defaultEmbedTarget, embedSettingKey, openCorpus } from './corpus-setup.ts';
import { EXIT } from './exit-status.ts';
import type { IndexArgs } from './index-args.ts';

/** `kodama index`: builds or updates the corpus of the root; `--watch` keeps it current. Resolves to the exit status. */
export async function indexCommand(args: IndexArgs, io: CliIO): Promise<number> {
  const root = resolve(args.root ?? process.cwd());
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const dirs = args.dirs.length > 0 ? args.dirs.map((d) => resolve(d)) : [root];
  const outside = dirs.find((d) => d !== root && !d.startsWith(`${root}/`));
  if (outside !== undefined) {
    say(`${outside} is outside the project root ${root}; give --root the folder that holds it`);
    return EXIT.usage;
  }
  let opened: Awaited<ReturnType<typeof openCorpus>>;
  try {
    opened = await openCorpus({
      env: io.env,
      root,
      ...(args.embed === undefined
        ? { defaultEmbed: defaultEmbedTarget(io.env, await loadConfig(io.env)) }
        : { embed: args.embed }),
    });
  } catch (error) {
    say(KodamaError.isInstance(error) ? error.message : String(error));
    return EXIT.failed;
  }
  const { db, corpus, embedTarget } = opened;
  const isTTY = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const progress = (scanned: number) => {
    if (isTTY && scanned % 50 === 0) io.stderr.write(`\rkodama: ${scanned} files looked at…`);
  };
  try {
    if (embedTarget === undefined) {
      say('no embedding model (--embed or $KODAMA_EMBED): indexing for keyword search only');
    }
    const report = await corpus.reindex(dirs, { onProgress: (p) => progress(p.scanned) });
    if (isTTY) io.stderr.write('\r\x1b[K');
    if (embedTarget !== undefined) await db.setSetting(embedSettingKey(corpus.index.name), embedTarget);
    io.stdout.write(summary(report));
    for (const { path, reason } of report.skipped) say(`skipped ${relative(root, path)}: ${reason}`);
    const stats = await corpus.stats();
    io.stdout.write(`The index of ${root} holds ${stats.files} files in ${stats.chunks} chunks.\n`);
    if (!args.watch) return EXIT.ok;
    return await watch(io, dirs, corpus);
  } catch (error) {
    if (isTTY) io.stderr.write('\r\x1b[K');
    say(KodamaError.isInstance(error) ? error.message : String(error));
    return EXIT.failed;
  } finally {
    db.close();
  }
}

function summary(report: IndexReport): string {
  const parts = [
    `${report.added} added`,
    `${report.updated} updated`,
    `${report.unchanged} unchanged`,
    `${report.removed} removed`,
  ];
  if (report.skipped.length > 0) parts.push(`${report.skipped.length} skipped`);
  return `Indexed: ${parts.join(', ')} (${report.chunks} chunks written${report.embedded ? ', with vectors' : ''}).\n`;
}

async function watch(
  io: CliIO,
  dirs: readonly string[],
  corpus: Awaited<ReturnType<typeof openCorpus>>['corpus'],
): Promise<number> {
  const { watchCorpus } = await import('@kodama/memory');
  const controller = new AbortController();
  const signals = io.signals ?? process;
  const stop = () => controller.abort();
  signals.on('SIGINT', stop);
  io.stderr.write('kodama: watching for changes (Ctrl+C stops)\n');
  try {
    await watchCorpus(corpus, dirs, {
      signal: controller.signal,
      onIndexed: (report) => {
        if (report.added + report.updated + report.removed > 0) io.stdout.write(summary(report));
      },
      onError: (error) =>
        io.stderr.write(`kodama: ${error instanceof Error ? error.message : String(error)}\n`),
    });
  } finally {
    signals.off('SIGINT', stop);
  }
  return EXIT.ok;
}
