// agent-footprint: construct 10,000 agents with one tool (shared, as tools
// usually are) and measure construction time and retained heap per agent
// (after gc), net of the same loop holding 10,000 empty objects (the baseline).
import { ScriptedModel } from '@kodama/testkit';
import { z } from 'zod';
import type { Configurator } from '../src/entries/extensions.ts';
import { Agent, defineTool, NONE } from '../src/index.ts';

const N = 10_000;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench -- agent-footprint)');

const model = new ScriptedModel([]);
const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  parameters: z.object({ text: z.string() }),
  trifectaLegs: NONE,
  execute: ({ text }) => text,
});

function heapAfterGc(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

function build(make: (i: number) => object): { us: number; bytes: number; keep: object[] } {
  const keep: object[] = new Array(N);
  const before = heapAfterGc();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) keep[i] = make(i);
  const us = ((performance.now() - t0) * 1000) / N;
  const bytes = (heapAfterGc() - before) / N;
  return { us, bytes, keep };
}

// One configure function for all agents, as a host building many agents would write it.
const configure = (c: Configurator) => {
  c.addTool(echo);
};
const makeAgent = () => new Agent({ model, systemPrompt: 'You are terse.', configure });

// Warm up the code paths (JIT) before measuring.
build(makeAgent);
const baseline = build(() => ({}));
const agents = build(makeAgent);
if (agents.keep.length !== N || baseline.keep.length !== N) throw new Error('lost objects');

const us = agents.us - baseline.us;
const bytes = agents.bytes - baseline.bytes;
console.log(`baseline: ${baseline.us.toFixed(3)} µs, ${baseline.bytes.toFixed(0)} B per empty object`);
console.log(`agents:   ${agents.us.toFixed(3)} µs, ${agents.bytes.toFixed(0)} B per agent (gross)`);
console.log(`RESULT agent-footprint us_per_agent=${us.toFixed(3)} bytes_per_agent=${bytes.toFixed(0)}`);
