// `kodama acp`: the Agent Client Protocol on stdin/stdout. The editor
// initializes, opens (session/new) or loads (session/load) sessions in its
// folders, prompts them and cancels them; each session is an AcpSession.
import { readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import type { AcpArgs } from './acp-args.ts';
import { AcpSession, type AcpShared } from './acp-session.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import { newSessionId } from './interactive-command.ts';
import { openSessionStore } from './session-store.ts';

/**
 * Serves ACP until the client closes stdin (or SIGINT / SIGTERM). Protocol
 * errors are the client's to see (JSON-RPC errors); notices go to stderr.
 */
export async function acpServe(args: AcpArgs, io: CliIO): Promise<number> {
  const store = await openSessionStore(args.store, io.env, (line) => io.stderr.write(line));
  const sessions = new Map<string, AcpSession>();
  let capabilities: acp.ClientCapabilities | undefined;
  const session = (id: string): AcpSession => {
    const found = sessions.get(id);
    if (!found) throw acp.RequestError.invalidParams({ sessionId: id }, `no open session "${id}"`);
    return found;
  };
  const open = async (client: acp.AgentContext, id: string, cwd: string): Promise<AcpSession> => {
    const shared: AcpShared = { args, io, store, capabilities, client };
    const opened = await AcpSession.open(shared, id, cwd);
    await sessions.get(id)?.close();
    sessions.set(id, opened);
    return opened;
  };
  const app = acp
    .agent({ name: 'kodama' })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      capabilities = params.clientCapabilities;
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { embeddedContext: true },
          sessionCapabilities: { close: {} },
        },
        agentInfo: { name: 'kodama', version: version() },
        authMethods: [],
      };
    })
    .onRequest(acp.methods.agent.session.new, async ({ params, client }) => {
      const opened = await open(client, newSessionId(), params.cwd);
      return { sessionId: opened.id, modes: opened.modes };
    })
    .onRequest(acp.methods.agent.session.load, async ({ params, client }) => {
      const stored = await store.load(params.sessionId).catch(() => undefined);
      if (!stored) throw acp.RequestError.resourceNotFound(params.sessionId);
      const opened = await open(client, params.sessionId, params.cwd);
      await opened.replay(store);
      return { modes: opened.modes };
    })
    .onRequest(acp.methods.agent.session.setMode, ({ params }) => {
      session(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onRequest(acp.methods.agent.session.close, async ({ params }) => {
      // Its turn is cancelled and what its agent owns is closed; the session stays in the store.
      const closing = sessions.get(params.sessionId);
      sessions.delete(params.sessionId);
      await closing?.close();
      return {};
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params }) => ({
      stopReason: await session(params.sessionId).prompt(store, params.prompt),
    }))
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    });
  const stream = acp.ndJsonStream(
    Writable.toWeb(io.stdout as Writable) as WritableStream<Uint8Array>,
    Readable.toWeb(io.stdin as Readable) as ReadableStream<Uint8Array>,
  );
  const connection = app.connect(stream);
  const signals = io.signals ?? process;
  const stop = () => connection.close();
  signals.on('SIGINT', stop);
  signals.on('SIGTERM', stop);
  try {
    await connection.closed;
    return EXIT.ok;
  } finally {
    signals.off('SIGINT', stop);
    signals.off('SIGTERM', stop);
    for (const s of sessions.values()) await s.close();
    await store.close();
  }
}

/** kodama's version, for the client's `agentInfo` (the package.json next to src/ and dist/). */
function version(): string {
  return (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
}
