// Runs the real `kodama` command in a child process, isolated from the machine's models and keys.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The `kodama` launcher. */
export const BIN = fileURLToPath(new URL('../../bin/kodama.js', import.meta.url));

/** How a run of the command ended. */
export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A port nothing listens on. Not one bound and released here: while this file's
 * tests run, a server of another test file (they run concurrently) can be given
 * that same ephemeral port, and a probe would reach it. Port 2 lies below the
 * ephemeral range that `listen(0)` draws from, and off fetch's list of blocked ports.
 */
const dead = 2;

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
  return runProgram(process.execPath, [BIN, ...args], env);
}

/** Runs `program <args>` (stdin closed) to its exit, collecting its output. */
export function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
