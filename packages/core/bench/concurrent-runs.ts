// concurrent-runs: 1,000 concurrent Runs (3 model calls each, 20 text deltas
// per answer) against a scripted OpenAI-compatible server in a child process,
// made through kodama's `agent.stream` and, in the same run, through AI SDK 6
// `streamText`; each client in a process of its own so its peak RSS is its own.
// Reports runs per second, peak RSS, CPU µs per delta, and kodama's throughput
// relative to the AI SDK's. Both sides run ROUNDS times (default 3), interleaved so
// that drift on the shared 2 cores hits both alike; each figure is the median
// round's (peak RSS the highest), because the scripted server competes with
// the client for the same cores and one round's wall time is noisy.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../../../bench/support/server-process.ts';

interface ClientResult {
  wallMs: number;
  cpuMs: number;
  deltas: number;
  peakRssMb: number;
}

const RUNS = 1000;
const server = await startServerProcess(new URL('./_delta-server.ts', import.meta.url));
const client = fileURLToPath(new URL('./_concurrent-client.ts', import.meta.url));

function measure(name: 'kodama' | 'aisdk'): ClientResult {
  const out = spawnSync(
    process.execPath,
    ['--expose-gc', '--conditions=@kodama/source', '--import', 'tsx', client, name, `${server.url}/v1`],
    { env: { ...process.env, RUNS: String(RUNS) }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (out.status !== 0) throw new Error(`${name} client failed (exit ${out.status})`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as ClientResult;
}

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const rounds: Record<'kodama' | 'aisdk', ClientResult[]> = { kodama: [], aisdk: [] };
for (let i = 0; i < ROUNDS; i++) {
  for (const name of ['kodama', 'aisdk'] as const) {
    const r = measure(name);
    rounds[name].push(r);
    console.log(`round ${i + 1} ${name.padEnd(6)} ${(RUNS / (r.wallMs / 1000)).toFixed(0)} runs/s`);
  }
}
await server.stop();

/** The median of each figure across rounds (the highest peak RSS). */
function summarize(results: ClientResult[]): ClientResult {
  const median = (pick: (r: ClientResult) => number) => {
    const sorted = results.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    wallMs: median((r) => r.wallMs),
    cpuMs: median((r) => r.cpuMs),
    deltas: median((r) => r.deltas),
    peakRssMb: Math.max(...results.map((r) => r.peakRssMb)),
  };
}
const kodama = summarize(rounds.kodama);
const aisdk = summarize(rounds.aisdk);

const runsPerSecond = (r: ClientResult) => RUNS / (r.wallMs / 1000);
const usPerDelta = (r: ClientResult) => (r.cpuMs * 1000) / r.deltas;
for (const [name, r] of [
  ['kodama', kodama],
  ['aisdk', aisdk],
] as const) {
  console.log(
    `${name.padEnd(6)} ${runsPerSecond(r).toFixed(0)} runs/s, peak ${r.peakRssMb.toFixed(0)} MB, ${usPerDelta(r).toFixed(1)} µs CPU per delta`,
  );
}
console.log(
  `RESULT concurrent-runs runs_per_s=${runsPerSecond(kodama).toFixed(0)}` +
    ` peak_rss_mb=${kodama.peakRssMb.toFixed(0)} us_per_delta=${usPerDelta(kodama).toFixed(1)}` +
    ` throughput_vs_aisdk=${(runsPerSecond(kodama) / runsPerSecond(aisdk)).toFixed(2)}` +
    ` aisdk_runs_per_s=${runsPerSecond(aisdk).toFixed(0)} aisdk_peak_rss_mb=${aisdk.peakRssMb.toFixed(0)}`,
);
