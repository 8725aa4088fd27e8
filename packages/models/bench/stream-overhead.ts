// CPU cost per streamed delta: kodama's Model.stream (lean OpenAI-compatible
// adapter and the AI SDK adapter) against a floor of bare fetch + a minimal
// SSE parse, all against the same scripted server. The server runs in a child
// process, so this process's CPU time (user + system) is the client's alone.
import { resolveModel } from '@kodama/models';
import { startServerProcess } from '../../../bench/support/server-process.ts';

const STREAMS = 500;
const TEXT_LENGTH = 50; // the child server streams 50 one-character deltas
const ROUNDS = 5;

const server = await startServerProcess(new URL('./_stream-server.ts', import.meta.url));
const base = `${server.url}/v1`;
const request = { messages: [{ role: 'user' as const, content: 'go' }] };

const floorBody = JSON.stringify({ model: 'scripted-model', messages: request.messages, stream: true });
const post = (): Promise<Response> =>
  fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: floorBody,
  });

async function floorStream(): Promise<number> {
  // One retry, like kodama's: a keep-alive socket the server just closed fails once under load.
  const response = await post().catch(post);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  let deltas = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (rest + decoder.decode(value, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const content = JSON.parse(line.slice(6)).choices[0]?.delta?.content;
      if (content) deltas++;
    }
  }
  return deltas;
}

const kodama = await resolveModel(`openai-compatible:${base}`, { openAICompatibleAdapter: 'kodama' });
const aisdk = await resolveModel(`openai-compatible:${base}`, { openAICompatibleAdapter: 'ai-sdk' });

function modelStream(model: typeof kodama): () => Promise<number> {
  return async () => {
    let deltas = 0;
    for await (const part of model.stream(request)) if (part.type === 'text-delta') deltas++;
    return deltas;
  };
}

/** CPU µs per delta for one round of STREAMS concurrent streams. */
async function round(one: () => Promise<number>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.cpuUsage();
  const counts = await Promise.all(Array.from({ length: STREAMS }, one));
  const used = process.cpuUsage(start);
  const deltas = counts.reduce((a, b) => a + b, 0);
  if (deltas !== STREAMS * TEXT_LENGTH)
    throw new Error(`expected ${STREAMS * TEXT_LENGTH} deltas, got ${deltas}`);
  return (used.user + used.system) / deltas;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const variants = { floor: floorStream, kodama: modelStream(kodama), aisdk: modelStream(aisdk) };
const samples: Record<keyof typeof variants, number[]> = { floor: [], kodama: [], aisdk: [] };
for (const one of Object.values(variants)) await round(one); // warm-up
for (let r = 0; r < ROUNDS; r++) {
  // Interleaved so drift (GC, JIT, thermal) hits every variant alike.
  for (const [name, one] of Object.entries(variants))
    samples[name as keyof typeof variants].push(await round(one));
}
await server.stop();

const floor = median(samples.floor);
const ours = median(samples.kodama);
const theirs = median(samples.aisdk);
const fmt = (n: number): string => n.toFixed(2);
console.log(`streams=${STREAMS} deltas_per_stream=${TEXT_LENGTH} rounds=${ROUNDS}`);
for (const [name, xs] of Object.entries(samples)) console.log(`${name}: ${xs.map(fmt).join(' ')} us/delta`);
console.log(
  `RESULT stream-overhead us_per_delta=${fmt(ours)} floor_us_per_delta=${fmt(floor)} ratio_vs_floor=${fmt(ours / floor)} ` +
    `overhead_us_per_delta=${fmt(ours - floor)} aisdk_us_per_delta=${fmt(theirs)} aisdk_ratio_vs_floor=${fmt(theirs / floor)}`,
);
