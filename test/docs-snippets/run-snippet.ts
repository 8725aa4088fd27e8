// Runs one snippet file as a user runs a script: its own Node process (tsx
// compiles the TypeScript; `@kodama/*` resolves to the packages' sources), in
// an empty project folder with an empty home, and the local model server
// (`resolveModel('llamacpp')`) at a scripted server's address.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** How the snippet's process ended. */
export interface SnippetOutcome {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where a snippet runs. */
export interface SnippetPlace {
  /** The working directory (an empty project). */
  readonly cwd: string;
  /** `HOME`: sessions, caches and databases under ~ land here. */
  readonly home: string;
  /** The scripted server that stands in for llama-server (and Ollama's embeddings). */
  readonly serverUrl: string;
  /** More variables, e.g. `KODAMA_DATABASE_URL`. */
  readonly env?: Readonly<Record<string, string>>;
}

const TSX = fileURLToPath(import.meta.resolve('tsx'));

/**
 * Runs `file` to its exit. No time limit here: a snippet that never exits
 * (a runtime left running) is a failure the test runner's timeout reports.
 */
export function runSnippet(file: string, place: SnippetPlace): Promise<SnippetOutcome> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: place.home,
    LLAMACPP_BASE_URL: place.serverUrl,
    OLLAMA_HOST: place.serverUrl,
    // Nothing listens on port 2: no other local server is found by accident.
    LMSTUDIO_BASE_URL: 'http://127.0.0.1:2',
    ...place.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@kodama/source', '--import', TSX, file], {
      cwd: place.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
