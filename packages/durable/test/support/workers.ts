// Worker child processes for the durable tests: spawn, wait for `ready`,
// kill -9 or stop gracefully. Every child is killed when the test file ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { after } from 'node:test';
import type { EffectSettings } from './fixture-agent.ts';

const MAIN = join(import.meta.dirname, '..', 'fixtures', 'worker-main.ts');
const children = new Set<ChildProcess>();
after(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** What a worker child is started with. */
export interface WorkerSettings {
  readonly database: string;
  readonly modelUrl: string;
  readonly effects: EffectSettings;
  readonly executorId: string;
  readonly queue: string;
  readonly concurrency: number;
  readonly approvalTools?: string[];
  /** How long a graceful stop waits for running runs before handing them back (default 5000). */
  readonly drainMs?: number;
}

/** A running worker child. */
export interface WorkerChild {
  readonly process: ChildProcess;
  readonly output: () => string;
  /** kill -9: no shutdown code runs. */
  crash(): Promise<void>;
  /** SIGTERM: the graceful shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Spawns a worker and resolves once it serves its queue. */
export async function spawnWorker(settings: WorkerSettings): Promise<WorkerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, KODAMA_TEST_WORKER: JSON.stringify(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('ready ')) resolve();
    };
    child.stdout!.on('data', check);
    exited.then(() => reject(new Error(`worker ${settings.executorId} exited before it was ready:\n${out}`)));
  });
  return {
    process: child,
    output: () => out,
    async crash() {
      child.kill('SIGKILL');
      await exited;
      children.delete(child);
    },
    async stop() {
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      children.delete(child);
      return code;
    },
  };
}

/** Resolves once `predicate` holds (checked every 25 ms). */
export async function until(predicate: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await predicate())) await new Promise((r) => setTimeout(r, 25));
}
