// How fast the installed `kodama` command starts, on the compiled output in
// dist/ (built first, incrementally) and plain Node, as a user runs it:
// - `kodama --version`: wall time from spawn to exit, and peak RSS;
// - `kodama ask` with an `openai-compatible:` target: wall time from spawn
//   until its first model request reaches a testkit server in this process
//   (the script function runs when the request arrives);
// - `node -e 0` in the same rounds, as the floor.
// Rounds interleave the three, so a busy machine slows all of them alike;
// every figure is a median. Targets: version_ms <= 150, ask_first_request_ms
// <= 400, version_peak_mb <= 70.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOpenAICompatibleServer } from '@kodama/testkit';

const ROUNDS = Number(process.env.ROUNDS ?? 21);
const WARMUP = 2;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/kodama.js', import.meta.url));

const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the build failed; nothing to measure');

// Peak RSS of a child: a preload writes process.resourceUsage().maxRSS (KiB) to
// fd 3 at exit. Used only in the memory runs, so it never adds to a timing.
const REPORT_PEAK = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(3, String(process.resourceUsage().maxRSS)));",
)}`;

const home = mkdtempSync(join(os.tmpdir(), 'kodama-startup-'));
/** No keys, no configuration file, no NODE_OPTIONS (the source condition must not reach the compiled CLI). */
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: home,
  XDG_CONFIG_HOME: join(home, 'config'),
  XDG_CACHE_HOME: join(home, 'cache'),
};

interface Run {
  /** Spawn to exit, ms. */
  readonly wallMs: number;
  /** Peak RSS in MB when measured. */
  readonly peakMb: number | undefined;
  readonly stdout: string;
}

function start(args: readonly string[], measurePeak: boolean): { done: Promise<Run>; startedAt: number } {
  const argv = measurePeak ? ['--import', REPORT_PEAK, ...args] : [...args];
  const startedAt = performance.now();
  const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let peak = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  child.stdio[3]?.on('data', (d) => {
    peak += d;
  });
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - startedAt;
      if (code !== 0) reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve({ wallMs, peakMb: peak === '' ? undefined : Number(peak) / 1024, stdout });
    });
  });
  return { done, startedAt };
}

let arrivals: number[] = [];
const server = await startOpenAICompatibleServer({
  script: () => {
    arrivals.push(performance.now());
    return { text: 'ok' };
  },
  models: ['scripted-model'],
});
const target = `openai-compatible:${server.url}/v1@scripted-model`;

/** `kodama ask` from spawn to the arrival of its first model request. */
async function askFirstRequest(): Promise<number> {
  arrivals = [];
  const { done, startedAt } = start([BIN, 'ask', '--model', target, 'hi'], false);
  const run = await done;
  if (run.stdout.trim() !== 'ok') throw new Error(`kodama ask answered ${JSON.stringify(run.stdout)}`);
  const first = arrivals[0];
  if (first === undefined) throw new Error('kodama ask made no model request');
  return first - startedAt;
}

const series = {
  node: [] as number[],
  nodePeak: [] as number[],
  version: [] as number[],
  versionPeak: [] as number[],
  ask: [] as number[],
};
for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
  const node = await start(['-e', '0'], false).done;
  const version = await start([BIN, '--version'], false).done;
  if (!version.stdout.startsWith('kodama '))
    throw new Error(`--version printed ${JSON.stringify(version.stdout)}`);
  const nodePeak = await start(['-e', '0'], true).done;
  const versionPeak = await start([BIN, '--version'], true).done;
  const ask = await askFirstRequest();
  if (round < WARMUP) continue;
  series.node.push(node.wallMs);
  series.version.push(version.wallMs);
  series.nodePeak.push(nodePeak.peakMb!);
  series.versionPeak.push(versionPeak.peakMb!);
  series.ask.push(ask);
}
await server.close();
rmSync(home, { recursive: true, force: true });

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
const whole = (n: number): number => Math.round(n);
const spread = (values: readonly number[]): string =>
  `median ${whole(median(values))}, min ${whole(Math.min(...values))}, max ${whole(Math.max(...values))}`;

console.log(
  `${ROUNDS} rounds after ${WARMUP} warm-up rounds, compiled output (dist/), Node ${process.version}`,
);
console.log(`node -e 0                   ms: ${spread(series.node)}; peak MB: ${spread(series.nodePeak)}`);
console.log(
  `kodama --version            ms: ${spread(series.version)}; peak MB: ${spread(series.versionPeak)}`,
);
console.log(`kodama ask → first request  ms: ${spread(series.ask)}`);
console.log(`load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`);
console.log(
  `RESULT cli-startup version_ms=${whole(median(series.version))} ask_first_request_ms=${whole(median(series.ask))} node_ms=${whole(median(series.node))} version_peak_mb=${whole(median(series.versionPeak))}`,
);
