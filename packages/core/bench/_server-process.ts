// Starts `_scripted-server.ts` in a child process and hands back its URL.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A running scripted server in a child process. */
export interface ServerProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/** Spawns the scripted server and waits for its URL line. */
export async function startServerProcess(): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('./_scripted-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n')[0];
      if (buf.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`scripted server exited early (${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}
