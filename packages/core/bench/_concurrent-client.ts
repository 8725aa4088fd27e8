// One side of concurrent-runs, in a process of its own (so its peak RSS is its
// own): `RUNS` concurrent runs of 3 model calls against the server at argv[3],
// through kodama's `agent.stream` (argv[2] = kodama) or AI SDK 6 `streamText`
// (argv[2] = aisdk), counting the text deltas each consumer sees. Prints one
// JSON line: wall ms, CPU ms, deltas, peak RSS MB.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent, defineTool, NONE } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';

const RUNS = Number(process.env.RUNS ?? 1000);
const [, , client, base] = process.argv;
const echo = (text: string) => `echo: ${text}`;

async function kodama(): Promise<() => Promise<number>> {
  const model = await resolveModel(`openai-compatible:${base}@scripted-model`, { maxRetries: 0 });
  const echoTool = defineTool({
    name: 'echo',
    description: 'Echoes its text.',
    parameters: z.object({ text: z.string() }),
    trifectaLegs: NONE,
    execute: ({ text }) => echo(text),
  });
  return async () => {
    const agent = new Agent({
      model,
      systemPrompt: 'You are terse.',
      streaming: true,
      configure: (c) => c.addTool(echoTool),
    });
    let deltas = 0;
    const stream = agent.stream('Run the steps.');
    for await (const e of stream) if (e.type === 'assistant-delta') deltas++;
    const run = await stream.run;
    if (!run.completed) throw new Error(`kodama run ${run.outcome}: ${String(run.error)}`);
    return deltas;
  };
}

function aisdk(): () => Promise<number> {
  const provider = createOpenAICompatible({ name: 'scripted', baseURL: base! });
  const tools = {
    echo: tool({
      description: 'Echoes its text.',
      inputSchema: z.object({ text: z.string() }),
      execute: async ({ text }) => echo(text),
    }),
  };
  return async () => {
    const result = streamText({
      model: provider.chatModel('scripted-model'),
      system: 'You are terse.',
      prompt: 'Run the steps.',
      tools,
      stopWhen: stepCountIs(3),
      maxRetries: 0,
      onError: () => {}, // failures surface as the stream's error part above
    });
    let deltas = 0;
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') deltas++;
      else if (part.type === 'error') throw new Error(`aisdk run failed: ${String(part.error)}`);
    }
    return deltas;
  };
}

const once = client === 'kodama' ? await kodama() : aisdk();
await Promise.all(Array.from({ length: 20 }, once)); // warm up
(globalThis as { gc?: () => void }).gc?.();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const counts = await Promise.all(Array.from({ length: RUNS }, once));
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const deltas = counts.reduce((a, b) => a + b, 0);
// 60 one-character deltas per run are sent; the AI SDK's openai-compatible parser hands its consumer
// slightly fewer (it merges some), so only kodama's count is exact.
if (client === 'kodama' ? deltas !== RUNS * 60 : deltas < RUNS * 50) {
  throw new Error(`${client}: expected ${RUNS * 60} deltas, saw ${deltas}`);
}
const peakRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(
  `${JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, deltas, peakRssMb })}\n`,
);
