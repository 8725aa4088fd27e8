import type { HistoryMessage } from '@kodama/core/history';
import { stripControlSequences } from '@kodama/core/listeners';
import { SessionNotFoundError, type SessionStore } from '@kodama/core/session';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import { terminalSafeJson } from './json-lines.ts';
import { openSessionStore } from './session-store.ts';
import type { SessionsArgs } from './sessions-args.ts';
import { formatTable } from './table.ts';

/** `kodama sessions list | show <id> | fork <id> <new id> | rm <id>`. Resolves to the exit status. */
export async function sessions(args: SessionsArgs, io: CliIO): Promise<number> {
  // A problem can quote a session file's bytes.
  const say = (message: string) => io.stderr.write(`kodama: ${stripControlSequences(message)}\n`);
  let store: SessionStore;
  try {
    store = await openSessionStore(args.store, io.env, (line) => io.stderr.write(line));
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return EXIT.failed;
  }
  try {
    if (args.action === 'list') return await list(store, io);
    const id = args.id!;
    if (args.action === 'fork') {
      await store.fork(id, args.newId!);
      io.stdout.write(
        `forked ${id} as ${args.newId}; continue it with kodama ask --session ${args.newId} "..."\n`,
      );
      return EXIT.ok;
    }
    if (args.action === 'rm') {
      if (await store.delete(id)) return EXIT.ok;
      say(`no session "${id}"; kodama sessions list shows the ones there are`);
      return EXIT.failed;
    }
    const stored = await store.load(id);
    if (!stored) {
      say(`no session "${id}"; kodama sessions list shows the ones there are`);
      return EXIT.failed;
    }
    io.stdout.write(
      args.json
        ? `${terminalSafeJson(stored.messages, 2)}\n`
        : // What was said, as text: a stored answer's escape sequences do not act on the terminal.
          stripControlSequences(stored.messages.map(transcriptLine).join('')),
    );
    return EXIT.ok;
  } catch (error) {
    say(SessionNotFoundError.isInstance(error) || error instanceof Error ? error.message : String(error));
    return EXIT.failed;
  } finally {
    await store.close();
  }
}

async function list(store: SessionStore, io: CliIO): Promise<number> {
  const infos = await store.list();
  if (infos.length === 0) {
    io.stdout.write('no sessions yet; kodama ask --session <id> "..." starts one\n');
    return EXIT.ok;
  }
  const rows = infos.map((s) => [
    s.id,
    clip(stripControlSequences(s.title ?? '').replace(/\s+/g, ' '), 40),
    stripControlSequences(s.model ?? ''),
    String(s.messageCount),
    new Date(s.updatedAt).toISOString().replace('T', ' ').slice(0, 16),
  ]);
  io.stdout.write(formatTable(['ID', 'TITLE', 'MODEL', 'MESSAGES', 'LAST ACTIVITY'], rows));
  return EXIT.ok;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p: { type: string; text?: string; mediaType?: string }) =>
      p.type === 'text' ? p.text : `[${p.mediaType}]`,
    )
    .join(' ');
}

/** One message as a person reads it: who said it, then what. */
function transcriptLine(entry: HistoryMessage): string {
  const m = entry.message;
  switch (m.role) {
    case 'user':
      return `${entry.kind === 'injected' ? 'injected' : 'user'}: ${contentText(m.content)}\n`;
    case 'assistant': {
      const calls = m.toolCalls.map((c) => `  → ${c.name}(${c.arguments})\n`).join('');
      return `${m.text === '' ? '' : `assistant: ${m.text}\n`}${calls}`;
    }
    case 'tool':
      return `  ← ${m.toolName}: ${clip(contentText(m.content).replace(/\s+/g, ' '), 200)}\n`;
  }
}
