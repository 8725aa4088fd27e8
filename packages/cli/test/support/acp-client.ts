// The ACP SDK's own client driving the real `kodama acp` as a child process
// over stdio: what an editor (Zed, a JetBrains IDE) does.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { BIN } from './run-kodama.ts';

/** How the test's editor answers kodama. */
export interface EditorBehaviour {
  /** The option chosen for a permission request (default: the allow-once option). */
  readonly permission?: (
    request: acp.RequestPermissionRequest,
  ) => acp.RequestPermissionResponse | Promise<acp.RequestPermissionResponse>;
  /** Offer fs/read_text_file and fs/write_text_file (served from disk, and recorded). */
  readonly fs?: boolean;
  /** Unsaved buffers: the text fs/read_text_file gives for these paths instead of the disk's. */
  readonly buffers?: Readonly<Record<string, string>>;
}

/** A running `kodama acp` and the editor's view of it. */
export interface AcpEditor {
  readonly agent: acp.ClientContext;
  /**
   * `agent.request`, resolving once the notifications that came before the
   * response were handled: the SDK dispatches them asynchronously, so its
   * response can settle first (an editor applies them in arrival order).
   */
  readonly request: acp.ClientContext['request'];
  /** Every session/update received, in order. */
  readonly updates: acp.SessionNotification[];
  /** Every permission request received. */
  readonly permissions: acp.RequestPermissionRequest[];
  /** The fs requests received: `read <path>` / `write <path>`. */
  readonly fsCalls: string[];
  readonly initialize: acp.InitializeResponse;
  /** What kodama wrote to stderr. */
  stderr(): string;
  /** Closes stdin and waits for kodama to exit; resolves with its exit code. */
  close(): Promise<number | null>;
}

/** Allows once: the option of kind `allow_once`. */
export function allowOnce(request: acp.RequestPermissionRequest): acp.RequestPermissionResponse {
  const option = request.options.find((o) => o.kind === 'allow_once');
  return { outcome: { outcome: 'selected', optionId: option?.optionId ?? '' } };
}

/** Rejects: the option of kind `reject_once`. */
export function rejectOnce(request: acp.RequestPermissionRequest): acp.RequestPermissionResponse {
  const option = request.options.find((o) => o.kind === 'reject_once');
  return { outcome: { outcome: 'selected', optionId: option?.optionId ?? '' } };
}

/** Starts `kodama acp <flags>` with `env` and initializes it as an editor that behaves as `behaviour` says. */
export async function startEditor(
  flags: readonly string[],
  env: NodeJS.ProcessEnv,
  behaviour: EditorBehaviour = {},
): Promise<AcpEditor> {
  const child = spawn(process.execPath, [BIN, 'acp', ...flags], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const updates: acp.SessionNotification[] = [];
  const permissions: acp.RequestPermissionRequest[] = [];
  const fsCalls: string[] = [];
  const app = acp
    .client({ name: 'test-editor' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params);
    })
    .onRequest(acp.methods.client.session.requestPermission, async ({ params }) => {
      permissions.push(params);
      return (behaviour.permission ?? allowOnce)(params);
    })
    .onRequest(acp.methods.client.fs.readTextFile, async ({ params }) => {
      fsCalls.push(`read ${params.path}`);
      return { content: behaviour.buffers?.[params.path] ?? (await readFile(params.path, 'utf8')) };
    })
    .onRequest(acp.methods.client.fs.writeTextFile, async ({ params }) => {
      fsCalls.push(`write ${params.path}`);
      await writeFile(params.path, params.content);
      return {};
    });
  const connection = app.connect(
    acp.ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    ),
  );
  const initialize = await connection.agent.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: behaviour.fs === true, writeTextFile: behaviour.fs === true } },
  });
  const request = (async (method: string, params: unknown) => {
    const response = await connection.agent.request(method, params);
    await new Promise((r) => setImmediate(r));
    return response;
  }) as acp.ClientContext['request'];
  return {
    agent: connection.agent,
    request,
    updates,
    permissions,
    fsCalls,
    initialize,
    stderr: () => stderr,
    close: async () => {
      connection.close();
      child.stdin.end();
      return exited;
    },
  };
}

/** The text of the agent's message chunks of `sessionId`, joined. */
export function answerText(updates: readonly acp.SessionNotification[], sessionId: string): string {
  return updates
    .filter((u) => u.sessionId === sessionId && u.update.sessionUpdate === 'agent_message_chunk')
    .map((u) => (u.update as { content: { type: string; text?: string } }).content.text ?? '')
    .join('');
}

/** The updates of one kind, of `sessionId`. */
export function updatesOf<K extends acp.SessionUpdate['sessionUpdate']>(
  updates: readonly acp.SessionNotification[],
  sessionId: string,
  kind: K,
): Extract<acp.SessionUpdate, { sessionUpdate: K }>[] {
  return updates
    .filter((u) => u.sessionId === sessionId && u.update.sessionUpdate === kind)
    .map((u) => u.update as Extract<acp.SessionUpdate, { sessionUpdate: K }>);
}
