import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerEntry } from '../config/server-entry.ts';
import { serverEnvironment } from './allowed-env.ts';
import { ProcessGroupTransport } from './process-group-transport.ts';

/** A fresh, unstarted transport for `entry`: a process group for stdio, Streamable HTTP for a URL. */
export function openTransport(entry: McpServerEntry, env: NodeJS.ProcessEnv): Transport {
  if (entry.transport === 'http') {
    return new StreamableHTTPClientTransport(new URL(entry.url), {
      requestInit: { headers: { ...entry.headers } },
    });
  }
  return new ProcessGroupTransport({
    command: entry.command,
    args: entry.args,
    env: serverEnvironment(env, entry.env),
    ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }),
  });
}

/** Ends a transport the way its protocol wants: session DELETE for HTTP, stdin then the process group for stdio. */
export async function closeTransport(transport: Transport): Promise<void> {
  if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
    await transport.terminateSession().catch(() => {});
  }
  await transport.close();
}
