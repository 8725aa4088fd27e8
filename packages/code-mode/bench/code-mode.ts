// code-mode: what a program saves and what it costs.
// 1. Context: a task needing 20 tool calls (read 20 files, total the number in
//    each), done by the model with direct calls (one batch of 20, the cheapest
//    direct way) and with one program, against the testkit server; the input
//    tokens of every request are estimated (UTF-8 bytes / 4 of the request
//    body) and summed over the run. ratio = program / direct.
// 2. Cost: a turn whose program makes 1,000 no-op tool calls through the
//    broker (the agent's tool, validation, loop guard, taint check, events)
//    minus the same turn with no calls, per call (call_us), beside 1,000 bare
//    awaited host calls of the engine with no broker (engine_call_us), and
//    the time to start and finish an empty program (exec_overhead_ms).
import { Agent, type AnyTool, defineTool, NONE } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { type RecordedRequest, startOpenAICompatibleServer } from '@kodama/testkit';
import { codeMode, quickjsEngine, resolveLimits } from '../src/index.ts';

const FILES = 20;
const filler =
  'retries: 3\ntimeout_ms: 2500\nregion: eu-west-1\n# a line of configuration that the task does not need\n'.repeat(
    12,
  );
const fileText = (i: number) => `# service ${i}\n${filler}total: ${i * 7}\n`;
const expected = Array.from({ length: FILES }, (_, i) => i * 7).reduce((a, b) => a + b, 0);

const readFile = defineTool({
  name: 'read_file',
  description: 'Reads a text file of the project.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  trifectaLegs: { privateData: true, untrusted: 'none', egress: 'none' },
  execute: ({ path }: Record<string, unknown>) => fileText(Number(String(path).match(/\d+/)?.[0])),
}) as AnyTool;
const noop = defineTool({
  name: 'noop',
  description: 'Does nothing.',
  parameters: { type: 'object', properties: { i: { type: 'number' } } },
  trifectaLegs: NONE,
  execute: () => 'null',
}) as AnyTool;

type Step = { name: string; arguments: Record<string, unknown> }[];

/** A turn against the testkit server: `steps[i]` answers the i-th request; returns the summed input tokens and the time. */
async function turn(
  steps: Step[],
  tools: AnyTool[],
  code: boolean,
): Promise<{ inputTokens: number; ms: number; last: string }> {
  let requests = 0;
  let last = '';
  const server = await startOpenAICompatibleServer({
    script: (request: RecordedRequest) => {
      const body = JSON.stringify(request.body);
      const inputTokens = Math.ceil(Buffer.byteLength(body) / 4);
      const msgs = (request.body as { messages: { role: string; content?: unknown }[] }).messages;
      last = String(msgs.filter((m) => m.role === 'tool').at(-1)?.content ?? '');
      const step = steps[requests++];
      const usage = { inputTokens, outputTokens: 10 };
      return step
        ? { toolCalls: step.map((c, i) => ({ id: `c${requests}_${i}`, ...c })), usage }
        : { text: `total ${expected}`, usage };
    },
  });
  try {
    const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
    const agent = new Agent({
      model,
      systemPrompt: 'You are a coding assistant.',
      configure: (c) => {
        for (const t of tools) c.addTool(t);
        if (code) c.addExtension(codeMode({ limits: { toolCalls: 2000 } }));
      },
    });
    const started = performance.now();
    const run = await agent.ask('Total the `total:` numbers of services/0.txt to services/19.txt.');
    const ms = performance.now() - started;
    if (run.outcome !== 'completed') throw new Error(`run ${run.outcome}: ${String(run.error)}`);
    await agent.close();
    return { inputTokens: run.usage?.inputTokens ?? 0, ms, last };
  } finally {
    await server.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// 1. Context.
const paths = Array.from({ length: FILES }, (_, i) => `services/${i}.txt`);
const direct = await turn(
  [paths.map((path) => ({ name: 'read_file', arguments: { path } }))],
  [readFile],
  false,
);
const program = [
  `const paths = ${JSON.stringify(paths)}`,
  'const texts = await tools.parallel(...paths.map((path) => () => tools.read_file({ path })))',
  'texts.reduce((sum, t) => sum + Number(t.match(/total: (\\d+)/)[1]), 0)',
].join('\n');
const coded = await turn([[{ name: 'exec', arguments: { source: program } }]], [readFile], true);
if (!coded.last.includes(`"value":${expected}`))
  throw new Error(`the program did not total ${expected}: ${coded.last}`);
const ratio = coded.inputTokens / direct.inputTokens;
console.log(
  `context: direct ${direct.inputTokens} input tokens, program ${coded.inputTokens} (ratio ${ratio.toFixed(3)})`,
);

// 2. Cost per call.
const CALLS = 1000;
const loop = (n: number) => `let s = 0\nfor (let i = 0; i < ${n}; i++) { await tools.noop({ i }); s++ }\ns`;
const brokered: number[] = [];
for (let r = 0; r < 5; r++) {
  const many = await turn([[{ name: 'exec', arguments: { source: loop(CALLS) } }]], [noop], true);
  const none = await turn([[{ name: 'exec', arguments: { source: loop(0) } }]], [noop], true);
  if (!many.last.includes(`"value":${CALLS}`))
    throw new Error(`the program did not make ${CALLS} calls: ${many.last}`);
  brokered.push(((many.ms - none.ms) * 1000) / CALLS);
}
const engine = quickjsEngine();
const limits = resolveLimits();
const bare = { call: async () => null, text() {} };
const catalog = new Map([['noop', 'noop']]);
const timed = async (source: string) => {
  const t = performance.now();
  const h = await engine.start({ source, catalog, host: bare, limits });
  const end = await h.done;
  if (end.status !== 'completed') throw new Error(JSON.stringify(end));
  return performance.now() - t;
};
await timed('1');
const engineCalls: number[] = [];
const overheads: number[] = [];
for (let r = 0; r < 5; r++) {
  engineCalls.push((((await timed(loop(CALLS))) - (await timed(loop(0)))) * 1000) / CALLS);
  for (let k = 0; k < 4; k++) overheads.push(await timed('1'));
}
const callUs = median(brokered);
const engineUs = median(engineCalls);
console.log(
  `cost: ${callUs.toFixed(0)} us per brokered call, ${engineUs.toFixed(0)} us per bare engine call (x${(callUs / engineUs).toFixed(2)}); empty program ${median(overheads).toFixed(2)} ms`,
);
console.log(
  `RESULT code-mode direct_input_tokens=${direct.inputTokens} program_input_tokens=${coded.inputTokens} ratio=${ratio.toFixed(3)} exec_overhead_ms=${median(overheads).toFixed(2)} call_us=${callUs.toFixed(0)} engine_call_us=${engineUs.toFixed(0)}`,
);
