// durable-overhead: 100 runs of 3 model calls and 2 tool calls against the
// testkit's scripted server, made by the same agent asked directly (the
// direct step runner) and as a durable run in this process (the DBOS step
// runner: 5 checkpointed steps, the workflow's start and end, the event log),
// alternated in blocks so drift hits both alike. Needs Postgres:
// KODAMA_DATABASE_URL or KODAMA_TEST_DATABASE_URL, else a private cluster is
// started (as the tests do). overhead_ms_per_step = (durable - direct) / 5.
// For scale it also times DBOS alone (a workflow of 5 empty steps): on a
// loaded 2-core machine that floor, not kodama, is most of the overhead.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { Agent, defineTool, NONE } from '@kodama/core';
import { durable, durableAgentOptions, shutdownDurable } from '@kodama/durable';
import { resolveModel } from '@kodama/models';
import { type RecordedRequest, startOpenAICompatibleServer } from '@kodama/testkit';
import pg from 'pg';
import { postgres, withDatabase } from '../test/support/postgres.ts';

const RUNS = 100;
const WARMUP = 5;
const ROUNDS = 10;
const BLOCK = RUNS / ROUNDS;
const STEPS = 5;

const found = await postgres();
if ('skip' in found) {
  console.error(`durable-overhead needs Postgres: ${found.skip}`);
  process.exit(1);
}
const base = process.env.KODAMA_DATABASE_URL ?? found.url;
const name = `kodama_bench_${process.pid}`;
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql).finally(() => c.end());
};
await admin(`CREATE DATABASE ${name}`);
const database = withDatabase(base, name);

const server = await startOpenAICompatibleServer({
  script: (request: RecordedRequest) => {
    const done = (request.body as { messages: { role: string }[] }).messages.filter(
      (m) => m.role === 'tool',
    ).length;
    return done < 2
      ? { toolCalls: [{ id: `c${done + 1}`, name: 'echo', arguments: { text: `step ${done + 1}` } }] }
      : { text: 'done' };
  },
});
const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
const echo = defineTool({
  name: 'echo',
  description: 'Echoes text.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }: { text: string }) => `echo: ${text}`,
  trifectaLegs: NONE,
});
const makeAgent = () =>
  new Agent({ ...durableAgentOptions, model, systemPrompt: 'Be brief.', configure: (c) => c.addTool(echo) });
const durableAgent = durable(makeAgent, { name: 'bench', database });
// Registered before the first ask launches DBOS; runs in the same runtime.
const floorWorkflow = DBOS.registerWorkflow(
  async () => {
    for (let i = 0; i < STEPS; i++) await DBOS.runStep(async () => i, { name: 'empty' });
  },
  { name: 'bench.floor' },
);
const floor = async () => {
  await (await DBOS.startWorkflow(floorWorkflow)()).getResult();
};

async function check(run: { outcome?: string; response: string }) {
  if (run.outcome !== 'completed' || run.response !== 'done') throw new Error(`run ended ${run.outcome}`);
}
const direct = async () => check(await makeAgent().ask('Go.'));
const viaDbos = async () => check(await durableAgent.ask('Go.'));

async function time(runs: number, one: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await one();
  return performance.now() - t0;
}
try {
  await time(WARMUP, direct);
  await time(WARMUP, viaDbos);
  await time(WARMUP, floor);
  let directMs = 0;
  let durableMs = 0;
  let floorMs = 0;
  for (let r = 0; r < ROUNDS; r++) {
    directMs += await time(BLOCK, direct);
    durableMs += await time(BLOCK, viaDbos);
    floorMs += await time(BLOCK, floor);
  }
  const d = directMs / RUNS;
  const b = durableMs / RUNS;
  const steps = server.modelCalls.length / (2 * (RUNS + WARMUP)) + 2; // 3 model calls + 2 tool calls per run
  if (Math.abs(steps - STEPS) > 1e-9) throw new Error(`expected ${STEPS} steps per run, saw ${steps}`);
  console.log(
    `direct ${d.toFixed(2)} ms/run, durable ${b.toFixed(2)} ms/run over ${RUNS} runs of ${STEPS} steps`,
  );
  console.log(`DBOS alone (a workflow of ${STEPS} empty steps): ${(floorMs / RUNS).toFixed(2)} ms/run`);
  console.log(
    `RESULT durable-overhead direct_ms_per_run=${d.toFixed(2)} durable_ms_per_run=${b.toFixed(2)} overhead_ms_per_step=${((b - d) / STEPS).toFixed(2)}`,
  );
} finally {
  await shutdownDurable();
  await server.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
}
