// Starts a benchmark's scripted-server module in a child process and hands back
// the URL it prints, so the server's CPU time is not billed to the client measured.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A running scripted server in a child process. */
export interface ServerProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/** Spawns `module` (which prints its URL on the first line and exits when stdin ends) and waits for the URL. */
export async function startServerProcess(module: URL): Promise<ServerProcess> {
  const script = fileURLToPath(module);
  const child = spawn(process.execPath, ['--conditions=@kodama/source', '--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
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
