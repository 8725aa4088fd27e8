import { userInfo } from 'node:os';
import { KodamaError } from '@kodama/core';
import type { Embedder } from '@kodama/core/model';
import type { MemoryRecord } from '@kodama/memory';
import type { CliIO } from './cli-io.ts';
import { embedSettingKey, openMemoryDb } from './corpus-setup.ts';
import { EXIT } from './exit-status.ts';
import type { MemoryArgs } from './memory-args.ts';
import { formatTable } from './table.ts';

/** The user id memories are kept under when `--user` is not given: the login name. */
export function defaultUserId(env: NodeJS.ProcessEnv): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER || env.USERNAME || 'default';
  }
}

/** `kodama memory list | search | rm | export`: what is remembered, to see and edit. Resolves to the exit status. */
export async function memoryCommand(args: MemoryArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  const user = args.user ?? defaultUserId(io.env);
  const { LibsqlMemoryStore } = await import('@kodama/memory');
  let db: Awaited<ReturnType<typeof openMemoryDb>>;
  try {
    db = await openMemoryDb(io.env);
  } catch (error) {
    say(KodamaError.isInstance(error) ? error.message : String(error));
    return EXIT.failed;
  }
  try {
    // Search embeds the query like the memories were, when they were.
    const target = await db.getSetting(embedSettingKey('memory'));
    let embedder: Embedder | undefined;
    if (target !== undefined && args.action === 'search') {
      const { resolveEmbedder } = await import('@kodama/models');
      embedder = resolveEmbedder(target, { env: io.env });
    }
    const store = await LibsqlMemoryStore.open({ db, ...(embedder ? { embedder } : {}) });
    switch (args.action) {
      case 'list':
        return print(io, await store.list(user), args.json, `No memories kept for ${user}.\n`);
      case 'search':
        return print(
          io,
          await store.search(user, args.text!, 10),
          args.json,
          `No memory of ${user} matches.\n`,
        );
      case 'rm': {
        if (await store.remove(user, args.text!, 'cli')) {
          io.stdout.write(`Forgot ${args.text}.\n`);
          return EXIT.ok;
        }
        say(`${user} has no memory "${args.text}"; kodama memory list shows the ids`);
        return EXIT.failed;
      }
      case 'export': {
        const memories = await store.list(user);
        const history = await store.history(user);
        io.stdout.write(`${JSON.stringify({ user, memories, history }, null, 2)}\n`);
        return EXIT.ok;
      }
    }
  } catch (error) {
    say(KodamaError.isInstance(error) ? error.message : String(error));
    return EXIT.failed;
  } finally {
    db.close();
  }
}

function print(io: CliIO, memories: readonly MemoryRecord[], json: boolean, none: string): number {
  if (json) {
    io.stdout.write(`${JSON.stringify(memories, null, 2)}\n`);
    return EXIT.ok;
  }
  if (memories.length === 0) {
    io.stdout.write(none);
    return EXIT.ok;
  }
  const rows = memories.map((m) => [
    m.id,
    new Date(m.updatedAt).toISOString().slice(0, 16).replace('T', ' '),
    m.source,
    m.text,
  ]);
  io.stdout.write(formatTable(['ID', 'CHANGED', 'SOURCE', 'MEMORY'], rows));
  return EXIT.ok;
}
