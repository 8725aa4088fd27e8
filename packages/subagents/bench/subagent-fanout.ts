// subagent-fanout: a parent whose one response starts 50 sub-agents through
// the `agent` tool, each making 2 model calls, against a scripted server in a
// child process. The baseline, in the same run, does the same model work
// without the tool: one request, the same 50 agents run directly and
// concurrently, one more request. Rounds alternate; the median of each is
// kept. per_child_overhead_us = (fanout - baseline) / 50: what the agent tool
// costs per child (spawning, listener views, the tool call around it).
import { Agent, defineTool, NONE } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { z } from 'zod';
import { startServerProcess } from '../../../bench/support/server-process.ts';
import { definePersona, subAgents } from '../src/index.ts';

const CHILDREN = 50;
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const server = await startServerProcess(new URL('./_fanout-server.ts', import.meta.url));
const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
const probe = defineTool({
  name: 'probe',
  description: 'Probes.',
  parameters: z.object({ text: z.string() }),
  trifectaLegs: NONE,
  execute: ({ text }) => `probe: ${text}`,
});
const SEEKER = definePersona({
  name: 'seeker',
  description: 'Looks things up.',
  toolNames: ['probe'],
  systemPrompt: 'You are SEEKER.',
  maxSteps: 5,
});

async function fanout(): Promise<number> {
  const parent = new Agent({
    model,
    systemPrompt: 'You are the parent.',
    configure: (c) => {
      c.addSubAgentTool(probe);
      c.addExtension(subAgents({ personas: [SEEKER] }));
    },
  });
  const t0 = performance.now();
  const answer = await parent.turn('Fan out.');
  const ms = performance.now() - t0;
  if (answer !== 'done') throw new Error(`fanout answered ${answer}`);
  return ms;
}

async function direct(): Promise<number> {
  const bracket = new Agent({ model, systemPrompt: 'You bracket.' });
  const t0 = performance.now();
  await bracket.turn('before');
  const answers = await Promise.all(
    Array.from({ length: CHILDREN }, (_, i) =>
      new Agent({ model, systemPrompt: SEEKER.systemPrompt, configure: (c) => c.addTool(probe) }).turn(
        `task ${i}`,
      ),
    ),
  );
  await bracket.turn('after');
  const ms = performance.now() - t0;
  if (answers.some((a) => a !== 'found it')) throw new Error('a direct agent failed');
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await fanout(); // warm up both paths
await direct();
const fanoutMs: number[] = [];
const directMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  fanoutMs.push(await fanout());
  directMs.push(await direct());
}
await server.stop();
const total = median(fanoutMs);
const baseline = median(directMs);
const overheadUs = ((total - baseline) * 1000) / CHILDREN;
console.log(
  `fanout ${total.toFixed(1)} ms, the same agents run directly ${baseline.toFixed(1)} ms (median of ${ROUNDS})`,
);
console.log(
  `RESULT subagent-fanout ms_total=${total.toFixed(1)} per_child_overhead_us=${overheadUs.toFixed(0)} baseline_ms=${baseline.toFixed(1)}`,
);
