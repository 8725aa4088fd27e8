// graph-overhead: what the graph machinery costs per node. A 50-node diamond
// (a start, 48 nodes fanned out from it, a finish joining them all) of trivial
// agents over an in-process ScriptedModel (no HTTP: the model answers at once,
// so the framework is all that is measured), run 100 times; against the same
// agents asked in the same order by hand, with the same inputs, in the same
// process. Both are measured in interleaved blocks so drift hits them alike.
// Only the finish node's events could reach a caller, and nobody streams
// here: what is measured is the cost of running nodes, not of rendering them.
import { Agent, History } from '@kodama/core';
import { ScriptedModel } from '@kodama/testkit';
import { graph } from '../src/index.ts';

const RUNS = 100;
const WARMUP = 10;
const ROUNDS = 20; // RUNS in ROUNDS blocks per contender
const BLOCK = RUNS / ROUNDS;
const MIDDLE = 48;
const NODES = MIDDLE + 2;
const TASK = 'Summarize the findings.';

// A fresh set of agents (and model) for every round: a ScriptedModel records every
// request it gets, and a heap growing over the run would tax later rounds more.
function contenders() {
  const model = new ScriptedModel(() => ({ text: 'ok', usage: { inputTokens: 10, outputTokens: 1 } }));
  const agentNamed = (id: string) => new Agent({ model, id, systemPrompt: `You are ${id}.` });
  const start = agentNamed('start');
  const finish = agentNamed('finish');
  const middle = Array.from({ length: MIDDLE }, (_, i) => agentNamed(`m${i}`));
  const middleNames = middle.map((a) => a.id);

  const diamond = graph({
    id: 'diamond',
    nodes: { start, finish, ...Object.fromEntries(middle.map((a) => [a.id, a])) },
    start: 'start',
    finish: 'finish',
    edges: [
      { from: 'start', to: middleNames },
      { from: middleNames, to: 'finish' },
    ],
    maxSteps: NODES,
  });
  const graphRun = async () => {
    const run = await diamond.ask(TASK);
    if (!run.completed) throw new Error(`graph: ${run.outcome}: ${String(run.error)}`);
    return run;
  };
  // Checked once per round, untimed: reading the trajectory builds its views, which is not running the graph.
  const checkedGraphRun = async () => {
    const steps = (await graphRun()).trajectory.steps.length;
    if (steps !== NODES) throw new Error(`graph: ${steps} steps, not ${NODES}`);
  };

  // By hand: each agent asked in turn from an empty conversation, with the text
  // the graph gives it (the default node input).
  const nodeText = (from: readonly { name: string; output: string }[]) =>
    `Original Task:\n${TASK}\n\nInputs from previous nodes:\n\n${from.map((f) => `From ${f.name}:\n${f.output}`).join('\n\n')}`;
  const empty = new History([]);
  const directRun = async () => {
    const first = await start.ask(TASK, { history: empty });
    const outputs: { name: string; output: string }[] = [];
    for (const agent of middle) {
      const run = await agent.ask(nodeText([{ name: 'start', output: first.response }]), { history: empty });
      outputs.push({ name: agent.id, output: run.response });
    }
    const last = await finish.ask(nodeText(outputs), { history: empty });
    if (!last.completed) throw new Error(`direct: ${last.outcome}`);
  };
  return { graph: async () => void (await graphRun()), checkedGraph: checkedGraphRun, direct: directRun };
}

interface Block {
  wallMs: number;
  cpuMs: number;
}

// No forced gc() before a block: measured here, a full collection before each
// block made both contenders about twice as slow (code and type feedback are
// dropped and rebuilt), which measures V8 rather than kodama.
async function measure(runs: number, runOnce: () => Promise<void>): Promise<Block> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await runOnce();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

// The figures are CPU time: nothing here waits on I/O, so CPU time is the work
// done, and unlike wall time it does not count the moments another process on
// a shared machine held the core. Each round measures both contenders back to
// back; the ratio is the median of the rounds' ratios, so drift and a noisy
// round cancel out.
const warm = contenders();
await measure(WARMUP, warm.graph);
await measure(WARMUP, warm.direct);
const rounds: { graph: Block; direct: Block }[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const round = contenders();
  // An agent's first turn sets it up (its context window, its tool table): not what is measured.
  await round.direct();
  await round.checkedGraph();
  // Alternate who goes first, so neither always runs on the heap the other left.
  if (r % 2 === 0) {
    const graphBlock = await measure(BLOCK, round.graph);
    rounds.push({ graph: graphBlock, direct: await measure(BLOCK, round.direct) });
  } else {
    const directBlock = await measure(BLOCK, round.direct);
    rounds.push({ graph: await measure(BLOCK, round.graph), direct: directBlock });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const perStep = (name: 'graph' | 'direct', key: keyof Block) =>
  (median(rounds.map((r) => r[name][key])) / (BLOCK * NODES)) * 1000; // µs
for (const name of ['graph', 'direct'] as const) {
  console.log(
    `${name.padEnd(6)} cpu ${perStep(name, 'cpuMs').toFixed(1)} µs per node, wall ${perStep(name, 'wallMs').toFixed(1)} µs per node` +
      ` (median of ${ROUNDS} rounds of ${BLOCK} runs of ${NODES} nodes)`,
  );
}
const ratio = median(rounds.map((r) => r.graph.cpuMs / r.direct.cpuMs));
const wallRatio = median(rounds.map((r) => r.graph.wallMs / r.direct.wallMs));
console.log(`wall-clock ratio ${wallRatio.toFixed(3)} (for reference; noisy on a shared machine)`);
console.log(
  `RESULT graph-overhead us_per_step=${perStep('graph', 'cpuMs').toFixed(1)} ratio_vs_direct=${ratio.toFixed(3)}`,
);
