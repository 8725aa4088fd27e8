// Runs the real `kodama` command in a child process, isolated from the machine's models and keys.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The `kodama` launcher. */
export const BIN = fileURLToPath(new URL('../../bin/kodama.js', import.meta.url));

/** How a run of the command ended. */
export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const dead = await closedPort();

/** An environment with no keys and every local-server probe pointed at a closed port. */
export function isolatedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  env.LLAMACPP_BASE_URL = `http://127.0.0.1:${dead}`;
  env.OLLAMA_HOST = `http://127.0.0.1:${dead}`;
  env.LMSTUDIO_BASE_URL = `http://127.0.0.1:${dead}`;
  env.XDG_CONFIG_HOME = '/nonexistent-kodama-config';
  return { ...env, ...extra };
}

/** Runs `kodama <args>` to its exit. */
export function runKodama(args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
