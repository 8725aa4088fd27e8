// local-model: kodama's `local:` provider against node-llama-cpp called
// directly, in the same process, on testkit's generated GGUF model with one
// thread: time to load, time to first token, and generation throughput (a
// looping prompt, 2,000 tokens; both keep their sequence between rounds, so
// the prompt is reused alike). load_ms is kodama's, cold: import, binary, model, context. ratio_vs_direct = kodama tok/s / direct tok/s
// (target >= 0.9: kodama's wrapping costs under 10%).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalModelHandle } from '@kodama/models';
import { resolveModel } from '@kodama/models';
import { TINY_MODEL, writeTinyChatModel } from '@kodama/testkit';
import { getLlama, LlamaChat } from 'node-llama-cpp';

const TOKENS = 2000;
const ROUNDS = 7;
const PROMPT = `Sing ${TINY_MODEL.loopMarker}`;

const dir = await mkdtemp(join(tmpdir(), 'kodama-bench-local-'));
const file = await writeTinyChatModel(join(dir, 'tiny.gguf'));

const loadStart = performance.now();
const model = (await resolveModel(`local:${file}?threads=1`)) as LocalModelHandle;
const loadMs = performance.now() - loadStart;

// Direct: node-llama-cpp as its docs show, with the same settings.
const llama = await getLlama({ gpu: false, build: 'never' });
const directModel = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
const directContext = await directModel.createContext({ contextSize: 4096, threads: 1, sequences: 1 });
const directSequence = directContext.getSequence();

async function direct(): Promise<{ firstMs: number; tokPerS: number }> {
  const chat = new LlamaChat({ contextSequence: directSequence, autoDisposeSequence: false });
  const start = performance.now();
  let first = 0;
  let tokens = 0;
  await chat.generateResponse(
    [
      { type: 'user', text: PROMPT },
      { type: 'model', response: [] },
    ],
    {
      maxTokens: TOKENS,
      temperature: 0,
      onToken: (t) => {
        if (tokens === 0) first = performance.now() - start;
        tokens += t.length;
      },
    },
  );
  const ms = performance.now() - start;
  chat.dispose({ disposeSequence: false });
  return { firstMs: first, tokPerS: tokens / ((ms - first) / 1000) };
}

async function kodama(): Promise<{ firstMs: number; tokPerS: number }> {
  const start = performance.now();
  let first = 0;
  let tokens = 0;
  for await (const part of model.stream({
    messages: [{ role: 'user', content: PROMPT }],
    maxOutputTokens: TOKENS,
  })) {
    if (part.type !== 'text-delta') continue;
    if (tokens === 0) first = performance.now() - start;
    tokens++;
  }
  const ms = performance.now() - start;
  return { firstMs: first, tokPerS: tokens / ((ms - first) / 1000) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ours: Array<{ firstMs: number; tokPerS: number }> = [];
const theirs: Array<{ firstMs: number; tokPerS: number }> = [];
await direct();
await kodama(); // warm-up
for (let r = 0; r < ROUNDS; r++) {
  // Interleaved so drift hits both alike.
  theirs.push(await direct());
  ours.push(await kodama());
}
await model.close();
await directContext.dispose();
await directModel.dispose();
await rm(dir, { recursive: true, force: true });

const tok = median(ours.map((s) => s.tokPerS));
const directTok = median(theirs.map((s) => s.tokPerS));
const first = median(ours.map((s) => s.firstMs));
console.log(`rounds=${ROUNDS} tokens=${TOKENS} threads=1`);
console.log(`kodama tok/s: ${ours.map((s) => s.tokPerS.toFixed(0)).join(' ')}`);
console.log(`direct tok/s: ${theirs.map((s) => s.tokPerS.toFixed(0)).join(' ')}`);
console.log(`direct first_token_ms: ${median(theirs.map((s) => s.firstMs)).toFixed(1)}`);
console.log(
  `RESULT local-model load_ms=${loadMs.toFixed(0)} first_token_ms=${first.toFixed(1)} tok_per_s=${tok.toFixed(0)} ` +
    `ratio_vs_direct=${(tok / directTok).toFixed(2)}`,
);
