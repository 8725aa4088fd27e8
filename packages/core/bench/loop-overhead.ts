// loop-overhead: 200 turns of 3 model calls (2 tool calls + an answer) against
// a zero-latency scripted OpenAI-compatible server (in a child process), made
// by kodama's Agent (via @kodama/models resolveModel), by a bare fetch loop
// (the floor), and by AI SDK 6 generateText with stopWhen: stepCountIs(3).
// Reports wall and CPU time per turn; the RESULT ratios are wall-clock.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent, defineTool, NONE } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { startServerProcess } from '../../../bench/support/server-process.ts';

const TURNS = 200; // per client, measured in ROUNDS interleaved blocks
const WARMUP = 20;
const ROUNDS = 10; // alternate the clients in small blocks so drift hits all of them alike
const BLOCK = TURNS / ROUNDS;
const echo = (text: string) => `echo: ${text}`;

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function measure(turns: number, runTurn: () => Promise<unknown>): Promise<Timing> {
  // Start every measurement with a clean heap, so no client pays for the garbage the previous one left.
  (globalThis as { gc?: () => void }).gc?.();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < turns; i++) await runTurn();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const server = await startServerProcess(new URL('./_scripted-server.ts', import.meta.url));
const base = `${server.url}/v1`;

// kodama
const model = await resolveModel(`openai-compatible:${base}@scripted-model`, { maxRetries: 0 });
const agent = new Agent({
  model,
  systemPrompt: 'You are terse.',
  configure: (c) =>
    c.addTool(
      defineTool({
        name: 'echo',
        description: 'Echoes its text.',
        parameters: z.object({ text: z.string() }),
        trifectaLegs: NONE,
        execute: ({ text }) => echo(text),
      }),
    ),
});
const kodamaTurn = async () => {
  agent.clearConversation();
  const answer = await agent.turn('Run the steps.');
  if (!answer.startsWith('All done')) throw new Error(`kodama: unexpected answer ${answer}`);
};

// floor: fetch + SSE parsing + the same tool, nothing else
const tools = [
  {
    type: 'function',
    function: {
      name: 'echo',
      description: 'Echoes its text.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
  },
];
const floorTurn = async () => {
  const messages: unknown[] = [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Run the steps.' },
  ];
  for (;;) {
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'scripted-model', messages, tools, stream: true }),
    });
    let text = '';
    const calls: { id: string; name: string; args: string }[] = [];
    for (const line of (await res.text()).split('\n')) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const delta = JSON.parse(line.slice(6)).choices?.[0]?.delta;
      if (!delta) continue;
      if (delta.content) text += delta.content;
      for (const tc of delta.tool_calls ?? []) {
        if (tc.id) calls[tc.index] = { id: tc.id, name: tc.function?.name ?? '', args: '' };
        if (tc.function?.arguments) calls[tc.index]!.args += tc.function.arguments;
      }
    }
    if (calls.length === 0) {
      if (!text.startsWith('All done')) throw new Error('floor: unexpected answer');
      return;
    }
    messages.push({
      role: 'assistant',
      content: text || null,
      tool_calls: calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.args },
      })),
    });
    for (const c of calls)
      messages.push({ role: 'tool', tool_call_id: c.id, content: echo(JSON.parse(c.args).text) });
  }
};

// AI SDK 6
const provider = createOpenAICompatible({ name: 'scripted', baseURL: base });
const aiTools = {
  echo: tool({
    description: 'Echoes its text.',
    inputSchema: z.object({ text: z.string() }),
    execute: async ({ text }) => echo(text),
  }),
};
const aiSdkTurn = async () => {
  const result = await generateText({
    model: provider.chatModel('scripted-model'),
    system: 'You are terse.',
    prompt: 'Run the steps.',
    tools: aiTools,
    stopWhen: stepCountIs(3),
    maxRetries: 0,
  });
  if (!result.text.startsWith('All done')) throw new Error(`ai sdk: unexpected answer ${result.text}`);
};

const clients = { kodama: kodamaTurn, floor: floorTurn, aisdk: aiSdkTurn };
const totals: Record<string, Timing> = {};
for (const [name, turn] of Object.entries(clients)) {
  await measure(WARMUP, turn);
  totals[name] = { wallMs: 0, cpuMs: 0 };
}
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, turn] of Object.entries(clients)) {
    const t = await measure(BLOCK, turn);
    totals[name]!.wallMs += t.wallMs;
    totals[name]!.cpuMs += t.cpuMs;
  }
}
await server.stop();

const perTurn = (name: string, key: keyof Timing) => (totals[name]![key] / TURNS) * 1000; // µs
const fmt = (n: number) => n.toFixed(3);
for (const name of Object.keys(clients)) {
  console.log(
    `${name.padEnd(7)} wall ${perTurn(name, 'wallMs').toFixed(0)} µs/turn, cpu ${perTurn(name, 'cpuMs').toFixed(0)} µs/turn`,
  );
}
console.log(
  `RESULT loop-overhead ratio_vs_floor=${fmt(perTurn('kodama', 'wallMs') / perTurn('floor', 'wallMs'))}` +
    ` ratio_vs_aisdk=${fmt(perTurn('kodama', 'wallMs') / perTurn('aisdk', 'wallMs'))}` +
    ` kodama_wall_us_per_turn=${perTurn('kodama', 'wallMs').toFixed(0)}` +
    ` kodama_cpu_us_per_turn=${perTurn('kodama', 'cpuMs').toFixed(0)}` +
    ` floor_wall_us_per_turn=${perTurn('floor', 'wallMs').toFixed(0)}` +
    ` floor_cpu_us_per_turn=${perTurn('floor', 'cpuMs').toFixed(0)}` +
    ` aisdk_wall_us_per_turn=${perTurn('aisdk', 'wallMs').toFixed(0)}` +
    ` aisdk_cpu_us_per_turn=${perTurn('aisdk', 'cpuMs').toFixed(0)}`,
);
