// The assistant under tmux for the end-to-end tests: a project directory, a
// home, and the real `kodama` with its model on a testkit scripted server.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { RecordedRequest, ScriptedReply, ScriptedServer } from '@kodama/testkit';
import { BIN, isolatedEnv } from './run-kodama.ts';
import { scriptedServers } from './scripted-servers.ts';
import { haveTmux, TmuxSession } from './tmux.ts';

/** Skips without tmux, except under CI, where the tests fail (.ci/run installs tmux). */
export const skipWithoutTmux = !haveTmux() && !process.env.CI ? 'tmux is not installed' : false;

/** A message of a recorded chat-completions request. */
export type Message = { role: string; content: unknown; tool_calls?: unknown };

/** The messages of a recorded request. */
export function messages(request: RecordedRequest | undefined): Message[] {
  return (request?.body as { messages?: Message[] } | undefined)?.messages ?? [];
}

/** The text of the last message of a request, and whether it is a tool result. */
export function last(request: RecordedRequest): { text: string; tool: boolean } {
  const m = messages(request).at(-1);
  return {
    text: typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content),
    tool: m?.role === 'tool',
  };
}

/** What {@link assistantUnderTmux}'s `open` returns. */
export interface OpenAssistant {
  readonly server: ScriptedServer;
  readonly tmux: TmuxSession;
  readonly root: string;
  readonly home: string;
}

/**
 * Returns `open(script, extra?, dirs?, size?, env?)`: starts a scripted server, a project
 * dir and a home (or reuses `dirs`), and `kodama` on them in tmux with the
 * tools read, edit, write, bash and calculator; resolves once the status line
 * shows. Everything is torn down after the file's tests.
 */
export function assistantUnderTmux() {
  const serve = scriptedServers();
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.kill();
  });
  return async (
    script: (r: RecordedRequest) => ScriptedReply,
    extra: string[] = [],
    dirs?: { root: string; home: string },
    size?: { columns: number; rows: number },
    extraEnv: Record<string, string> = {},
  ): Promise<OpenAssistant> => {
    const server = await serve(script);
    const root = dirs?.root ?? (await mkdtemp(join(tmpdir(), 'kodama-tui-')));
    const home = dirs?.home ?? join(root, '.home');
    await mkdir(home, { recursive: true });
    const tmux = new TmuxSession();
    sessions.push(tmux);
    const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data'), ...extraEnv });
    const argv = [
      process.execPath,
      BIN,
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--root',
      root,
      '--no-skills',
      '--tools',
      'read,edit,write,bash,calculator',
      ...extra,
    ];
    tmux.start(argv, { cwd: root, env, ...(size ?? {}) });
    await tmux.waitFor('session kodama-');
    return { server, tmux, root, home };
  };
}
